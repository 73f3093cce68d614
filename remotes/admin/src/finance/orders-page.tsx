import { useState } from 'react';
import { Button, DatePicker, Descriptions, Drawer, Result, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { OrderSearchRow } from '@yaoshi/contracts/admin';
import {
  PAY_STATUS_TEXT,
  RECEIPT_STATUS_TEXT,
  REFUND_STATUS_TEXT,
  type PayStatus,
  type ReceiptStatus,
  type RefundStatus,
} from '@yaoshi/contracts/order-states';
import { XLSX_TYPE, downloadBase64 } from '@yaoshi/ui/download';
import { showMessage } from '@yaoshi/ui/show-message';
import { useAdminOrderDetailQuery, useLazyFinanceSummaryQuery, useOrderSearchQuery } from '../admin-api';
import {
  ACTIONS_COLUMN_KEY,
  COLUMN_WIDTH,
  DataTable,
  EMPTY_TEXT,
  PersonCell,
  FilterBar,
  useListState,
  type FilterField,
} from '../kit/list-kit';

const FILTERS: readonly FilterField[] = [
  { name: 'learner', label: '学员', placeholder: '姓名、身份证号、手机号' },
  { name: 'year', label: '年度', placeholder: '如 2025', width: 100 },
  {
    name: 'pay_status',
    label: '支付状态',
    kind: 'select',
    options: Object.entries(PAY_STATUS_TEXT).map(([value, label]) => ({ value: Number(value), label })),
  },
  { name: 'range', label: '下单日期', kind: 'date-range' },
  { name: 'merchant_no', label: '商户订单号', placeholder: '订单号或支付流水号', width: 200 },
];

/** 订单查询 (财务): orders by learner, year, state, day or merchant number; an order's page with every payment attempt and notification; the daily summary as .xlsx. */
export function OrdersPage() {
  const list = useListState();
  const filters = {
    ...list.filters,
    ...(list.filters['year'] !== undefined ? { year: Number(list.filters['year']) } : {}),
  };
  const query = useOrderSearchQuery(
    { ...filters, page: list.page, size: list.size },
    { refetchOnMountOrArgChange: true },
  );
  const [open, setOpen] = useState<string | null>(null);
  const columns: ColumnsType<OrderSearchRow> = [
    { title: '订单号', dataIndex: 'order_no', key: 'order_no', width: COLUMN_WIDTH.orderNo },
    {
      title: '学员',
      key: 'learner',
      width: COLUMN_WIDTH.person,
      render: (_: unknown, row) => <PersonCell name={row.learner_name} idNumber={row.id_number} />,
    },
    { title: '年度', dataIndex: 'year', key: 'year', width: COLUMN_WIDTH.year },
    {
      title: '金额（元）',
      key: 'amount',
      width: COLUMN_WIDTH.amount,
      render: (_: unknown, row) => row.amount.toFixed(2),
    },
    {
      title: '支付',
      key: 'pay',
      width: COLUMN_WIDTH.status,
      render: (_: unknown, row) => PAY_STATUS_TEXT[row.pay_status as PayStatus],
    },
    {
      title: '退款',
      key: 'refund',
      width: COLUMN_WIDTH.status,
      render: (_: unknown, row) => REFUND_STATUS_TEXT[row.refund_status as RefundStatus],
    },
    {
      title: '发票',
      key: 'receipt',
      width: COLUMN_WIDTH.status,
      render: (_: unknown, row) => RECEIPT_STATUS_TEXT[row.is_receipt as ReceiptStatus],
    },
    { title: '下单时间', dataIndex: 'created_at', key: 'created_at', width: COLUMN_WIDTH.time },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      width: COLUMN_WIDTH.oneLink,
      render: (_: unknown, row) => (
        <Button size="small" type="link" onClick={() => setOpen(row.order_no)}>
          查看
        </Button>
      ),
    },
  ];
  return (
    <>
      <SummaryExport />
      <FilterBar fields={FILTERS} onSearch={list.setFilters} />
      <DataTable<OrderSearchRow>
        label="订单列表"
        rowKey="order_no"
        columns={columns}
        query={query}
        rows={query.data?.list ?? []}
        total={query.data?.total ?? 0}
        list={list}
      />
      <OrderDrawer orderNo={open} onClose={() => setOpen(null)} />
    </>
  );
}

function SummaryExport() {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [fetchSummary, { isFetching }] = useLazyFinanceSummaryQuery();
  const exportXlsx = async () => {
    if (!range?.[0] || !range[1]) {
      showMessage('请选择统计日期', { type: 'warning' });
      return;
    }
    try {
      const summary = await fetchSummary({
        from: range[0].format('YYYY-MM-DD'),
        to: range[1].format('YYYY-MM-DD'),
      }).unwrap();
      downloadBase64(summary.file_name, summary.xlsx_base64, XLSX_TYPE);
    } catch {
      // shown by the error catalogue
    }
  };
  return (
    <Space style={{ marginBottom: 16 }} wrap>
      <Typography.Text>财务日报：</Typography.Text>
      <DatePicker.RangePicker aria-label="统计日期" value={range} onChange={(value) => setRange(value)} />
      <Button loading={isFetching} onClick={() => void exportXlsx()}>
        导出 Excel
      </Button>
    </Space>
  );
}

function OrderDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const query = useAdminOrderDetailQuery(
    { order_no: orderNo ?? '' },
    { skip: orderNo === null, refetchOnMountOrArgChange: true },
  );
  const detail = query.data;
  return (
    <Drawer
      title={orderNo ? `订单 ${orderNo}` : ''}
      open={orderNo !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {query.isError && !query.isFetching ? (
        <Result status="error" title="加载失败" extra={<Button onClick={() => void query.refetch()}>重试</Button>} />
      ) : !detail ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="学员">{`${detail.order.learner_name} ${detail.order.id_number}`}</Descriptions.Item>
            <Descriptions.Item label="订单">{detail.order.name}</Descriptions.Item>
            <Descriptions.Item label="金额（元）">{detail.order.amount.toFixed(2)}</Descriptions.Item>
            <Descriptions.Item label="支付时间">{detail.order.paid_at ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            支付尝试
          </Typography.Title>
          <Table
            size="small"
            rowKey="merchant_no"
            pagination={false}
            locale={{ emptyText: EMPTY_TEXT }}
            dataSource={detail.attempts}
            columns={[
              { title: '商户订单号', dataIndex: 'merchant_no' },
              { title: '渠道', dataIndex: 'provider' },
              { title: '金额', key: 'amount', render: (_: unknown, row) => row.amount.toFixed(2) },
              { title: '状态', dataIndex: 'status' },
              { title: '渠道流水号', key: 'trade', render: (_: unknown, row) => row.provider_trade_no ?? '—' },
              { title: '创建', dataIndex: 'created_at' },
              { title: '结束', key: 'finished', render: (_: unknown, row) => row.finished_at ?? '—' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            支付通知
          </Typography.Title>
          <Table
            size="small"
            rowKey={(row) => `${row.received_at}-${row.merchant_no ?? ''}-${row.result}`}
            pagination={false}
            locale={{ emptyText: EMPTY_TEXT }}
            dataSource={detail.notifications}
            columns={[
              { title: '收到时间', dataIndex: 'received_at' },
              { title: '商户订单号', key: 'merchant', render: (_: unknown, row) => row.merchant_no ?? '—' },
              { title: '结果', key: 'outcome', render: (_: unknown, row) => row.outcome ?? '—' },
              {
                title: '金额',
                key: 'amount',
                render: (_: unknown, row) => (row.amount === null ? '—' : row.amount.toFixed(2)),
              },
              { title: '处理', dataIndex: 'result' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
