import { useState } from 'react';
import { useNavigate } from '@yaoshi/ui/router';
import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { OrderRow } from '@yaoshi/contracts/orders';
import { EDUCATION_TYPE_LABELS, ORDER_MESSAGES, PAY_TYPE_LABELS } from '@yaoshi/contracts/order-rules';
import { PAY_STATUS_TEXT, RECEIPT_STATUS, RECEIPT_STATUS_TEXT, REFUND_STATUS_TEXT, learnerActionsOf } from '@yaoshi/contracts/order-states';
import { EMPTY_LIST_TEXT } from '@yaoshi/ui/message-texts';
import { showMessage } from '@yaoshi/ui/show-message';
import { CLOSED_TIP, TipDialog, type TipDialogModel } from '@yaoshi/ui/tip-dialog';
import { PAGE_TITLES } from '../exposes';
import { useCancelOrderMutation, useLazyInvoicePdfQuery, useMyOrdersQuery } from '../orders-api';
import { ACTION_LABELS, actionTarget } from './order-actions';

/** One page holds a learner's orders of several years, retries included. */
const ORDERS_PER_PAGE = 20;

const PAY_STATUS_COLOR: Record<number, string> = { 1: 'orange', 2: 'green', 3: 'red', 4: 'default', 5: 'purple' };

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
      const bytes = Uint8Array.from(atob(pdf_base64), (char) => char.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file_name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
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

  const columns: ColumnsType<OrderRow> = [
    { title: '订单号', dataIndex: 'order_id', key: 'order_id' },
    { title: '订单名称', dataIndex: 'order_name', key: 'order_name' },
    { title: '年度', dataIndex: 'year', key: 'year' },
    { title: '类型', dataIndex: 'education_type', key: 'education_type', render: (value: number) => EDUCATION_TYPE_LABELS[value] ?? '' },
    { title: '金额（元）', dataIndex: 'price', key: 'price', render: (price: number) => price.toFixed(2) },
    { title: '支付方式', dataIndex: 'pay_type', key: 'pay_type', render: (value: number) => PAY_TYPE_LABELS[value] ?? '' },
    {
      title: '支付状态',
      dataIndex: 'pay_status',
      key: 'pay_status',
      render: (_: unknown, row) => <Tag color={PAY_STATUS_COLOR[row.pay_status]}>{PAY_STATUS_TEXT[row.pay_status]}</Tag>,
    },
    {
      title: '退款状态',
      dataIndex: 'refund_status',
      key: 'refund_status',
      render: (_: unknown, row) => (
        <>
          <span>{REFUND_STATUS_TEXT[row.refund_status]}</span>
          {row.refund_note && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="refund-note">
              原因：{row.refund_note}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '发票状态',
      dataIndex: 'is_receipt',
      key: 'is_receipt',
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
        </>
      ),
    },
    { title: '下单时间', dataIndex: 'create_time', key: 'create_time' },
    {
      title: '操作',
      key: 'actions',
      render: (_: unknown, row) => (
        <Space wrap size={4}>
          {learnerActionsOf(row).map((action) => {
            const target = actionTarget(action, row.order_id);
            return (
              <Button
                key={action}
                size="small"
                type={action === 'cancel' ? 'default' : 'link'}
                danger={action === 'cancel'}
                loading={action === 'cancel' && cancelling && cancellingId === row.order_id}
                onClick={() =>
                  target === null ? setTip({ show: true, text: ORDER_MESSAGES.cancelConfirm, params: { orderId: row.order_id } }) : navigate(target)
                }
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
      <Typography.Title level={3} data-testid="page-title">
        {PAGE_TITLES['./MyOrder']}
      </Typography.Title>
      <Table<OrderRow>
        aria-label="订单列表"
        rowKey="order_id"
        columns={columns}
        dataSource={data ?? []}
        loading={isLoading || isFetching}
        pagination={{ pageSize: ORDERS_PER_PAGE, hideOnSinglePage: true }}
        locale={{ emptyText: EMPTY_LIST_TEXT }}
        scroll={{ x: 'max-content' }}
      />
      <TipDialog model={tip} onConfirm={() => void confirmCancel()} onCancel={() => setTip(CLOSED_TIP)} />
    </section>
  );
}
