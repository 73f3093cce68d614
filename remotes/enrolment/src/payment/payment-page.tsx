import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from '@yaoshi/ui/router';
import { Alert, Button, Descriptions, Empty, Radio, Spin } from 'antd';
import { Modal } from '@yaoshi/ui/lazy-modal';
import { QRCodeCanvas } from 'qrcode.react';
import { api } from '@yaoshi/api-client/api';
import type { OrderStatus } from '@yaoshi/contracts/enrolment';
import { orderNameOf, PAY_TYPE } from '@yaoshi/contracts/payment-rules';
import { PAY_FAILURE, PAY_STATUS } from '@yaoshi/contracts/order-states';
import { showError, showMessage } from '@yaoshi/ui/show-message';
import {
  useCreateOrderMutation,
  useLazyOrderDetailQuery,
  useLazyOrderStatusQuery,
  useReplaceableOrdersQuery,
} from './payment-api';
import { clearPendingOrder, readPendingOrder, savePendingOrder, type PendingOrder } from './pending-order';
import {
  ORDER_STATUS_POLL_MS,
  PAID_MESSAGE_SECONDS,
  PAID_REDIRECT_MS,
  PAYMENT_NOTES,
  PAYMENT_TEXTS,
  PAY_METHODS,
  QR_DRAW_DELAY_MS,
  QR_SIZE_PX,
} from './payment-texts';
import { tokens } from '@yaoshi/ui/site-tokens';

/**
 * Polls order_status every 3 s while `orderId` is set (spec 01 §4): 2 → 支付成功, stop, and
 * /myCourse after 2 s; 3 → 支付失败，请刷新重试 and stop; a failed poll stops too.
 */
function useOrderPolling(onPaid: () => void, onFailed: (failure: OrderStatus['pay_failure']) => void) {
  const [fetchStatus] = useLazyOrderStatusQuery();
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);
  const start = useCallback(
    (orderId: string) => {
      stop();
      const poll = async () => {
        const result = await fetchStatus(orderId);
        if (timer.current === null) return;
        if (result.error || !result.data) {
          stop();
          return;
        }
        if (result.data.pay_status === PAY_STATUS.paid) {
          stop();
          showMessage(PAYMENT_TEXTS.paid, { duration: PAID_MESSAGE_SECONDS });
          onPaid();
        } else if (result.data.pay_status === PAY_STATUS.failed) {
          stop();
          showError(result.data.pay_failure === PAY_FAILURE.expired ? PAYMENT_TEXTS.expired : PAYMENT_TEXTS.failed);
          onFailed(result.data.pay_failure);
        }
      };
      timer.current = setInterval(() => void poll(), ORDER_STATUS_POLL_MS);
    },
    [fetchStatus, onPaid, onFailed, stop],
  );
  useEffect(() => stop, [stop]);
  return { start, stop };
}

/** The QR dialog: the code is drawn 1 s after the dialog opens, 200×200. */
function QrDialog({ url, price, onClose }: { url: string | null; price: number; onClose: () => void }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    setDrawn(false);
    if (!url) return;
    const timer = setTimeout(() => setDrawn(true), QR_DRAW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [url]);
  return (
    <Modal
      title={PAYMENT_TEXTS.qrTitle}
      open={url !== null}
      onCancel={onClose}
      footer={null}
      width="30%"
      destroyOnHidden
    >
      <div style={{ textAlign: 'center' }}>
        <div style={{ width: QR_SIZE_PX, height: QR_SIZE_PX, margin: '0 auto' }} aria-label="支付二维码" role="img">
          {drawn && url ? <QRCodeCanvas value={url} size={QR_SIZE_PX} /> : <Spin />}
        </div>
        <p style={{ marginTop: 16 }}>应付金额：¥{price.toFixed(2)}</p>
        <p>{PAYMENT_TEXTS.qrValidity}</p>
      </div>
    </Modal>
  );
}

/** /pay (spec 01 §2 "Payment page", §4 "Payment"). Also /pay?order_id=… for continue pay / repay from the order table. */
export default function PaymentPage() {
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [searchParams] = useSearchParams();
  const orderIdParam = searchParams.get('order_id');
  const returned = searchParams.get('returned') === '1';
  const [pending, setPending] = useState<PendingOrder | null>(() => (orderIdParam ? null : readPendingOrder()));
  const [loadingOrder, setLoadingOrder] = useState(orderIdParam !== null);
  const [payType, setPayType] = useState<2 | 3>(PAY_TYPE.qr);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [qrUrl, setQrUrl] = useState<string | null>(null);
  const [createOrder, { isLoading: creating }] = useCreateOrderMutation();
  const [fetchStatus] = useLazyOrderStatusQuery();
  const [fetchDetail] = useLazyOrderDetailQuery();
  /** Why the order on the page failed, if it did: said above the price, with the way to pay again. */
  const [failure, setFailure] = useState<OrderStatus['pay_failure']>(null);
  /** The older orders this page's new order replaced (set once the server has created it). */
  const [replaced, setReplaced] = useState<{ orderNos: string[]; orderNo: string } | null>(null);
  const isNewOrder = pending !== null && pending.order_id === '';
  // Before a new order is made: the older unpaid or failed orders of the year it will cancel.
  const { data: replaceable } = useReplaceableOrdersQuery(pending?.year ?? 0, { skip: !isNewOrder });

  const onPaid = useCallback(() => {
    clearPendingOrder();
    dispatch(api.util.invalidateTags(['Course', 'Order']));
    setTimeout(() => void navigate('/myCourse'), PAID_REDIRECT_MS);
  }, [dispatch, navigate]);
  const onFailed = useCallback((why: OrderStatus['pay_failure']) => {
    setQrUrl(null);
    setFailure(why);
  }, []);
  const polling = useOrderPolling(onPaid, onFailed);

  // An order named in the address (the order table's continue pay / repay, or the return from checkout).
  useEffect(() => {
    if (!orderIdParam) return;
    let cancelled = false;
    void (async () => {
      const [status, detail] = await Promise.all([fetchStatus(orderIdParam), fetchDetail(orderIdParam)]);
      if (cancelled) return;
      setLoadingOrder(false);
      if (!status.data) return;
      const order: PendingOrder = {
        year: status.data.year,
        cids: (detail.data ?? []).map((course) => course.cid).join(','),
        type: 1,
        price: status.data.price,
        order_id: status.data.order_id,
        courses: (detail.data ?? []).map((course) => ({ cid: course.cid, name: course.name })),
      };
      setPending(order);
      if (status.data.pay_status === PAY_STATUS.paid) {
        showMessage(PAYMENT_TEXTS.paid, { duration: PAID_MESSAGE_SECONDS });
        onPaid();
        return;
      }
      savePendingOrder(order);
      if (status.data.pay_status === PAY_STATUS.failed) setFailure(status.data.pay_failure);
      if (returned && status.data.pay_status === PAY_STATUS.failed) showError(PAYMENT_TEXTS.failed);
      else if (returned) polling.start(status.data.order_id);
    })();
    return () => {
      cancelled = true;
    };
    // Once per address: the polling helpers are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per order in the address, on purpose
  }, [orderIdParam]);

  const confirmPayment = async () => {
    if (!pending) return;
    const result = await createOrder({
      year: pending.year,
      cids: pending.cids,
      type: pending.type,
      price: pending.price,
      order_id: pending.order_id,
      pay_type: payType,
    });
    // A failed creation only stops the loading indicator (the error catalogue shows the server's message).
    if (!('data' in result) || !result.data) return;
    const created = result.data;
    const saved = { ...pending, order_id: created.order_id, price: created.price, pay_type: payType };
    savePendingOrder(saved);
    setPending(saved);
    setFailure(null);
    if (created.replaced_orders.length > 0)
      setReplaced({ orderNos: created.replaced_orders, orderNo: created.order_id });
    if (typeof created.orderSig === 'string') {
      window.location.assign(created.orderSig);
      return;
    }
    setQrUrl(created.orderSig.qrcode_url);
    polling.start(created.order_id);
  };

  if (loadingOrder) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!pending) {
    return (
      <Empty description={PAYMENT_TEXTS.noOrder} style={{ marginTop: 80 }}>
        <Button type="primary" onClick={() => void navigate('/signStudy')}>
          去选课
        </Button>
      </Empty>
    );
  }

  return (
    <section aria-label="订单支付" style={{ maxWidth: 760 }}>
      {isNewOrder && replaceable && replaceable.length > 0 ? (
        <Alert
          role="alert"
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={PAYMENT_TEXTS.willReplace(
            pending.year,
            replaceable.map((order) => order.order_id),
          )}
          action={
            <Button size="small" onClick={() => void navigate('/myOrder')}>
              我的订单
            </Button>
          }
        />
      ) : null}
      {replaced ? (
        <Alert
          role="status"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={PAYMENT_TEXTS.replaced(replaced.orderNos, replaced.orderNo)}
        />
      ) : null}
      {failure ? (
        <Alert
          role="alert"
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={failure === PAY_FAILURE.expired ? PAYMENT_TEXTS.expiredNotice : PAYMENT_TEXTS.declinedNotice}
        />
      ) : null}
      <Descriptions column={1} bordered size="middle" style={{ marginBottom: 24 }}>
        <Descriptions.Item label="学年">{pending.year}</Descriptions.Item>
        <Descriptions.Item label="订单名称">
          {orderNameOf(pending.year)}
          <Button type="link" onClick={() => setDetailsOpen(true)}>
            查看详情
          </Button>
        </Descriptions.Item>
        <Descriptions.Item label="支付方式">
          <Radio.Group
            value={payType}
            onChange={(event) => setPayType(event.target.value as 2 | 3)}
            options={PAY_METHODS}
          />
        </Descriptions.Item>
        <Descriptions.Item label="价格">
          <strong style={{ color: tokens.colorTextError, fontSize: 18 }}>¥{pending.price.toFixed(2)}</strong>
        </Descriptions.Item>
      </Descriptions>
      <div
        role="note"
        aria-label="支付须知"
        style={{
          background: tokens.colorWarningBg,
          border: `1px solid ${tokens.colorWarningBorder}`,
          padding: '12px 16px',
          marginBottom: 24,
        }}
      >
        <p style={{ fontWeight: 600, margin: '0 0 8px' }}>支付须知</p>
        <ol style={{ margin: 0, paddingLeft: 20 }}>
          {PAYMENT_NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ol>
      </div>
      <Button type="primary" size="large" loading={creating} onClick={() => void confirmPayment()}>
        确认支付
      </Button>

      <Modal title={PAYMENT_TEXTS.detailsTitle} open={detailsOpen} onCancel={() => setDetailsOpen(false)} footer={null}>
        <ol>
          {pending.courses.map((course) => (
            <li key={course.cid}>{course.name}</li>
          ))}
        </ol>
      </Modal>
      <QrDialog
        url={qrUrl}
        price={pending.price}
        onClose={() => {
          setQrUrl(null);
          polling.stop();
        }}
      />
    </section>
  );
}
