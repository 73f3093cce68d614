import { useState } from 'react';
import { useNavigate } from '@yaoshi/ui/router';
import { PDF_TYPE, downloadBase64 } from '@yaoshi/ui/download';
import { Button, Space, Tooltip } from 'antd';
import { Tag, type TagColour } from '@yaoshi/ui/site-tag';
import { DataTable, type DataTableColumn } from '@yaoshi/ui/data-table';
import { Text, Title } from '@yaoshi/ui/typography';
import type { OrderRow } from '@yaoshi/contracts/orders';
import { EDUCATION_TYPE_LABELS, ORDER_MESSAGES, PAY_TYPE_LABELS } from '@yaoshi/contracts/order-rules';
import {
  PAY_FAILURE,
  RECEIPT_STATUS,
  RECEIPT_STATUS_TEXT,
  REFUND_STATUS_TEXT,
  payStatusTextOf,
} from '@yaoshi/contracts/order-states';
import { EMPTY_LIST_TEXT } from '@yaoshi/ui/message-texts';
import { showMessage } from '@yaoshi/ui/show-message';
import { CLOSED_TIP, TipDialog, type TipDialogModel } from '@yaoshi/ui/tip-dialog';
import { PAGE_TITLES } from '../page-titles';
import { useCancelOrderMutation, useLazyInvoicePdfQuery, useMyOrdersQuery } from '../orders-api';
import { ResendInvoiceMail } from './resend-invoice-mail';
import { ACTION_LABELS, actionTarget } from './order-actions';
import { tokens } from '@yaoshi/ui/site-tokens';

/** One page holds a learner's orders of several years, retries included. */
const ORDERS_PER_PAGE = 20;

const PAY_STATUS_COLOR: Record<number, TagColour> = { 1: 'orange', 2: 'green', 3: 'red', 4: 'default', 5: 'purple' };

/**
 * Column widths (px) that fit the student area's content box (900 px wide from a 1280 px
 * window up): a 20-digit order number on one line, the statuses' longest words (退款审核中),
 * and the longest action (重新申请退款) in the fixed right-hand column.
 */
const COLUMN_WIDTHS = {
  orderId: 160,
  name: 116,
  type: 60,
  price: 84,
  payStatus: 80,
  status: 88,
  time: 96,
  actions: 112,
} as const;
const TABLE_WIDTH = Object.values(COLUMN_WIDTHS).reduce((sum, width) => sum + width, 0) + COLUMN_WIDTHS.status;

const EXPIRED_ORDER_HINT = '超过支付期限未支付，订单已过期；可点击“重新支付”再次支付，或取消订单';

/** /myOrder (spec 02 §4): every order with its three states in words and the actions its state allows. */
export default function MyOrdersPage() {
  const navigate = useNavigate();
  const { data, isLoading, isFetching } = useMyOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [cancelOrder, { isLoading: cancelling }] = useCancelOrderMutation();
  const [tip, setTip] = useState<TipDialogModel>(CLOSED_TIP);
  const [fetchInvoice, invoiceFetch] = useLazyInvoicePdfQuery();

  const downloadInvoice = async (orderId: string) => {
    try {
      const { file_name, pdf_base64 } = await fetchInvoice({ order_id: orderId }).unwrap();
      downloadBase64(file_name, pdf_base64, PDF_TYPE);
    } catch {
      // the error catalogue has shown the server's reason
    }
  };
  const [cancellingId, setCancellingId] = useState<string | null>(null);

  const confirmCancel = async () => {
    const orderId = tip.params?.orderId;
    setTip(CLOSED_TIP);
    if (typeof orderId !== 'string') return;
    setCancellingId(orderId);
    try {
      await cancelOrder({ order_id: orderId }).unwrap();
      showMessage(ORDER_MESSAGES.cancelSuccess);
    } catch {
      // the error catalogue has shown the server's reason
    } finally {
      setCancellingId(null);
    }
  };

  const columns: DataTableColumn<OrderRow>[] = [
    {
      title: '订单号',
      dataIndex: 'order_id',
      key: 'order_id',
      width: COLUMN_WIDTHS.orderId,
      render: (orderId: string) => (
        <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontSize: 13 }}>{orderId}</span>
      ),
    },
    {
      title: '订单名称',
      dataIndex: 'order_name',
      key: 'order_name',
      width: COLUMN_WIDTHS.name,
      // The whole name wraps onto as many lines as it needs: cut to "2026年远程年…" it could
      // not be read without hovering. The tooltip adds the study year.
      render: (name: string, row) => (
        <Tooltip title={`${name}（${row.year}年度）`} placement="topLeft">
          <span>{name}</span>
        </Tooltip>
      ),
    },
    {
      title: '类型',
      dataIndex: 'education_type',
      key: 'education_type',
      width: COLUMN_WIDTHS.type,
      render: (value: number) => EDUCATION_TYPE_LABELS[value] ?? '',
    },
    {
      title: '金额(元)',
      dataIndex: 'price',
      key: 'price',
      width: COLUMN_WIDTHS.price,
      render: (price: number, row) => (
        <>
          <div>{price.toFixed(2)}</div>
          <div style={{ color: tokens.colorTextDescription, fontSize: 12 }}>{PAY_TYPE_LABELS[row.pay_type] ?? ''}</div>
        </>
      ),
    },
    {
      title: '支付状态',
      dataIndex: 'pay_status',
      key: 'pay_status',
      width: COLUMN_WIDTHS.payStatus,
      render: (_: unknown, row) => {
        const tag = (
          <Tag color={row.pay_failure === PAY_FAILURE.expired ? 'default' : PAY_STATUS_COLOR[row.pay_status]}>
            {payStatusTextOf(row)}
          </Tag>
        );
        return row.pay_failure === PAY_FAILURE.expired ? <Tooltip title={EXPIRED_ORDER_HINT}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: '退款状态',
      dataIndex: 'refund_status',
      key: 'refund_status',
      width: COLUMN_WIDTHS.status,
      render: (_: unknown, row) => (
        <>
          <span>{REFUND_STATUS_TEXT[row.refund_status]}</span>
          {row.refund_note && (
            <Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="refund-note">
              原因：{row.refund_note}
            </Text>
          )}
        </>
      ),
    },
    {
      title: '发票状态',
      dataIndex: 'is_receipt',
      key: 'is_receipt',
      width: COLUMN_WIDTHS.status,
      render: (_: unknown, row) => (
        <>
          <span>{RECEIPT_STATUS_TEXT[row.is_receipt]}</span>
          {row.is_receipt === RECEIPT_STATUS.issued && (
            <Button
              size="small"
              type="link"
              loading={invoiceFetch.isFetching && invoiceFetch.originalArgs?.order_id === row.order_id}
              onClick={() => void downloadInvoice(row.order_id)}
            >
              下载发票
            </Button>
          )}
          {row.is_receipt === RECEIPT_STATUS.issued && <ResendInvoiceMail orderId={row.order_id} />}
        </>
      ),
    },
    {
      title: '下单时间',
      dataIndex: 'create_time',
      key: 'create_time',
      width: COLUMN_WIDTHS.time,
      // 'YYYY-MM-DD HH:mm:ss' on two lines: the date, then the time.
      render: (time: string) => {
        const [date, clock] = time.split(' ');
        return (
          <>
            <div style={{ whiteSpace: 'nowrap' }}>{date}</div>
            <div style={{ color: tokens.colorTextDescription, fontSize: 12 }}>{clock}</div>
          </>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: COLUMN_WIDTHS.actions,
      fixed: 'right',
      // Exactly what the server says this order allows now (`actions`, computed by orderActionsOf).
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={2} align="start">
          {row.actions.map((action) => {
            const target = actionTarget(action, row.order_id);
            return (
              <Button
                key={action}
                size="small"
                type="link"
                danger={action === 'cancel'}
                style={{ padding: 0 }}
                loading={action === 'cancel' && cancelling && cancellingId === row.order_id}
                onClick={() => {
                  if (target === null)
                    setTip({ show: true, text: ORDER_MESSAGES.cancelConfirm, params: { orderId: row.order_id } });
                  else void navigate(target);
                }}
              >
                {ACTION_LABELS[action]}
              </Button>
            );
          })}
        </Space>
      ),
    },
  ];

  return (
    <section>
      <Title level={3} data-testid="page-title">
        {PAGE_TITLES['./MyOrder']}
      </Title>
      <DataTable<OrderRow>
        aria-label="订单列表"
        rowKey="order_id"
        columns={columns}
        dataSource={data ?? []}
        loading={isLoading || isFetching}
        pagination={{ pageSize: ORDERS_PER_PAGE, hideOnSinglePage: true }}
        locale={{ emptyText: EMPTY_LIST_TEXT }}
        size="middle"
        tableLayout="fixed"
        // Fits the student area's 900 px at 1280 px and wider; narrower, it scrolls with 操作 kept in view.
        scroll={{ x: TABLE_WIDTH }}
      />
      <TipDialog model={tip} onConfirm={() => void confirmCancel()} onCancel={() => setTip(CLOSED_TIP)} />
    </section>
  );
}
