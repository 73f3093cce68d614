import { useState } from 'react';
import { Button, DatePicker, Descriptions, Drawer, Result, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import {
  NOTIFICATION_OUTCOME_TEXT,
  NOTIFICATION_RESULT_TEXT,
  PAYMENT_ATTEMPT_STATUS_TEXT,
  type OrderSearchRow,
} from '@yaoshi/contracts/finance-admin';
import {
  PAY_STATUS_TEXT,
  RECEIPT_STATUS_TEXT,
  REFUND_STATUS_TEXT,
  type PayStatus,
  type ReceiptStatus,
  type RefundStatus,
} from '@yaoshi/contracts/order-states';
import { PDF_TYPE, XLSX_TYPE, downloadBase64 } from '@yaoshi/ui/download';
import { showMessage } from '@yaoshi/ui/show-message';
import {
  useAdminMeQuery,
  useAdminOrderDetailQuery,
  useLazyAdminInvoicePdfQuery,
  useLazyFinanceSummaryQuery,
  useOrderSearchQuery,
} from '../admin-api';
import { RefundRequeryButton } from './refund-requery';
import {
  ACTIONS_COLUMN_KEY,
  COLUMN_WIDTH,
  ConsoleTable,
  EMPTY_TEXT,
  PersonCell,
  FilterBar,
  useListState,
  type FilterField,
  useSearchAgain,
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
  useSearchAgain(list, query);
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
      <ConsoleTable<OrderSearchRow>
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

/** 查看PDF: the issued invoice, exactly as the learner downloads it. */
function InvoicePdfLink({ orderNo }: { orderNo: string }) {
  const [fetchPdf, pdf] = useLazyAdminInvoicePdfQuery();
  const open = async () => {
    try {
      const { file_name, pdf_base64 } = await fetchPdf({ order_no: orderNo }).unwrap();
      downloadBase64(file_name, pdf_base64, PDF_TYPE);
    } catch {
      // The error catalogue has shown the server's reason.
    }
  };
  return (
    <Button type="link" size="small" style={{ padding: 0 }} loading={pdf.isFetching} onClick={() => void open()}>
      查看PDF
    </Button>
  );
}

function OrderDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const canWrite = useAdminMeQuery().data?.permissions.includes('finance.write') ?? false;
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
              {
                title: '状态',
                key: 'status',
                width: 76,
                render: (_: unknown, row) => PAYMENT_ATTEMPT_STATUS_TEXT[row.status] ?? row.status,
              },
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
              {
                title: '结果',
                key: 'outcome',
                render: (_: unknown, row) =>
                  row.outcome ? (NOTIFICATION_OUTCOME_TEXT[row.outcome] ?? row.outcome) : '—',
              },
              {
                title: '金额',
                key: 'amount',
                render: (_: unknown, row) => (row.amount === null ? '—' : row.amount.toFixed(2)),
              },
              {
                title: '处理',
                key: 'result',
                render: (_: unknown, row) => NOTIFICATION_RESULT_TEXT[row.result] ?? row.result,
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            退款
          </Typography.Title>
          <Table
            size="small"
            rowKey={(row) => `${row.kind}-${row.requested_at}-${row.merchant_refund_no ?? ''}`}
            pagination={false}
            locale={{ emptyText: EMPTY_TEXT }}
            dataSource={detail.refunds}
            columns={[
              { title: '申请时间', dataIndex: 'requested_at', width: COLUMN_WIDTH.time },
              {
                title: '结果',
                key: 'status',
                render: (_: unknown, row) => (
                  <Space orientation="vertical" size={0}>
                    <span>
                      {row.kind === 'late' ? '自动退款（支付晚于订单关闭）：' : ''}
                      {row.status_text}
                    </span>
                    {row.failure_reason && <Typography.Text type="secondary">{row.failure_reason}</Typography.Text>}
                    {row.status_text === '退款中' && row.kind === 'request' && canWrite && (
                      <RefundRequeryButton orderNo={detail.order.order_no} />
                    )}
                  </Space>
                ),
              },
              { title: '金额', key: 'amount', width: 80, render: (_: unknown, row) => row.amount.toFixed(2) },
              { title: '退款单号', key: 'merchant', render: (_: unknown, row) => row.merchant_refund_no ?? '—' },
              { title: '渠道退款号', key: 'provider', render: (_: unknown, row) => row.provider_refund_no ?? '—' },
              {
                title: '完成时间',
                key: 'completed',
                width: COLUMN_WIDTH.time,
                render: (_: unknown, row) => row.completed_at ?? '—',
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            发票
          </Typography.Title>
          <Table
            size="small"
            rowKey="requested_at"
            pagination={false}
            locale={{ emptyText: EMPTY_TEXT }}
            dataSource={detail.invoices}
            columns={[
              { title: '申请时间', dataIndex: 'requested_at', width: COLUMN_WIDTH.time },
              {
                title: '状态',
                key: 'status',
                render: (_: unknown, row) => (
                  <Space orientation="vertical" size={0}>
                    <span>{row.status_text}</span>
                    {row.failure_reason && <Typography.Text type="secondary">{row.failure_reason}</Typography.Text>}
                  </Space>
                ),
              },
              {
                title: '抬头',
                key: 'title',
                render: (_: unknown, row) => (row.tax_number ? `${row.title}（${row.tax_number}）` : row.title),
              },
              { title: '发票号码', key: 'no', render: (_: unknown, row) => row.invoice_no ?? '—' },
              {
                title: '开具时间',
                key: 'issued',
                width: COLUMN_WIDTH.time,
                render: (_: unknown, row) => row.issued_at ?? '—',
              },
              {
                title: '发票文件',
                key: 'pdf',
                width: 90,
                render: (_: unknown, row) => (row.has_pdf ? <InvoicePdfLink orderNo={detail.order.order_no} /> : '—'),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
