import { useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  INVOICE_REJECT_REASON_MAX_LENGTH,
  INVOICE_REQUEST_STATUS_TEXT,
  type InvoiceQueueRow,
} from '@yaoshi/contracts/finance-admin';
import { showMessage } from '@yaoshi/ui/show-message';
import { useAdminMeQuery, useInvoiceIssueMutation, useInvoiceQueueQuery, useInvoiceRejectMutation } from '../admin-api';
import {
  ACTIONS_COLUMN_KEY,
  COLUMN_WIDTH,
  ConsoleTable,
  FilterBar,
  PersonCell,
  useListState,
  type FilterField,
} from '../kit/list-kit';
import { DecisionButtons, ReasonDialog, decided } from '../kit/reason-dialog';
import { InvoiceMailsButton } from './invoice-mails';

const STATUS_TEXT = INVOICE_REQUEST_STATUS_TEXT;
const STATUS_COLOR: Readonly<Record<InvoiceQueueRow['status'], string>> = {
  reviewing: 'blue',
  issuing: 'orange',
  issued: 'green',
  failed: 'red',
};
const FILTERS: readonly FilterField[] = [
  {
    name: 'status',
    label: '状态',
    kind: 'select',
    options: Object.entries(STATUS_TEXT).map(([value, label]) => ({ value, label })),
    width: 130,
  },
];
const INITIAL_FILTERS = { status: 'reviewing' };

/** 发票开具 (财务): invoice requests; 开具 records the number and date and makes the PDF the learner downloads, or 驳回 with a reason. */
export function InvoicesPage() {
  const list = useListState(INITIAL_FILTERS);
  const query = useInvoiceQueueQuery(
    { ...list.filters, page: list.page, size: list.size },
    { refetchOnMountOrArgChange: true },
  );
  const canWrite = useAdminMeQuery().data?.permissions.includes('finance.write') ?? false;
  const [issue, issuing] = useInvoiceIssueMutation();
  const [rejecting, setRejecting] = useState<InvoiceQueueRow | null>(null);

  const issueRow = async (row: InvoiceQueueRow) => {
    try {
      const result = await issue({ order_no: row.order_no }).unwrap();
      showMessage(`已开具发票 ${result.invoice_no}`);
    } catch {
      // shown by the error catalogue
    }
  };

  const columns: ColumnsType<InvoiceQueueRow> = [
    { title: '订单号', dataIndex: 'order_no', key: 'order_no', width: COLUMN_WIDTH.orderNo },
    {
      title: '学员',
      key: 'learner',
      width: COLUMN_WIDTH.person,
      render: (_: unknown, row) => <PersonCell name={row.learner_name} idNumber={row.id_number} />,
    },
    {
      title: '金额（元）',
      key: 'amount',
      width: COLUMN_WIDTH.amount,
      render: (_: unknown, row) => row.amount.toFixed(2),
    },
    {
      title: '抬头 / 税号 / 邮箱',
      key: 'title',
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Typography.Text ellipsis={{ tooltip: row.invoice_title }}>
            {`${row.invoice_title}（${row.title_type === 2 ? '企业' : '个人'}）`}
          </Typography.Text>
          {row.tax_number && <Typography.Text type="secondary">{row.tax_number}</Typography.Text>}
          <Typography.Text type="secondary" ellipsis={{ tooltip: row.email }}>
            {row.email}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '申请时间', dataIndex: 'requested_at', key: 'requested_at', width: COLUMN_WIDTH.time },
    {
      title: '状态',
      key: 'status',
      width: COLUMN_WIDTH.status + 20,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLOR[row.status]}>{STATUS_TEXT[row.status]}</Tag>
          {row.invoice_no && (
            <Typography.Text type="secondary">{`${row.invoice_no} ${row.issued_at ?? ''}`}</Typography.Text>
          )}
          {row.failure_reason && <Typography.Text type="secondary">{row.failure_reason}</Typography.Text>}
          {row.status === 'issued' && <InvoiceMailsButton orderNo={row.order_no} />}
        </Space>
      ),
    },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      width: COLUMN_WIDTH.twoButtons,
      render: (_: unknown, row) =>
        canWrite && (row.status === 'reviewing' || row.status === 'issuing') ? (
          <DecisionButtons
            label="开具"
            confirmTitle={`为订单 ${row.order_no} 开具发票？`}
            confirmText="开具"
            loading={issuing.isLoading && issuing.originalArgs?.order_no === row.order_no}
            onConfirm={() => void issueRow(row)}
            onReject={() => setRejecting(row)}
          />
        ) : null,
    },
  ];

  return (
    <>
      <FilterBar fields={FILTERS} onSearch={list.setFilters} initialValues={INITIAL_FILTERS} />
      <ConsoleTable<InvoiceQueueRow>
        label="发票申请"
        rowKey="order_no"
        columns={columns}
        query={query}
        rows={query.data?.list ?? []}
        total={query.data?.total ?? 0}
        list={list}
      />
      <RejectInvoiceDialog row={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function RejectInvoiceDialog({ row, onClose }: { row: InvoiceQueueRow | null; onClose: () => void }) {
  const [reject, { isLoading }] = useInvoiceRejectMutation();
  return (
    <ReasonDialog
      open={row !== null}
      title={row ? `驳回订单 ${row.order_no} 的发票申请` : ''}
      hint="学员可修改信息后重新申请。"
      maxLength={INVOICE_REJECT_REASON_MAX_LENGTH}
      loading={isLoading}
      onSubmit={(reason) =>
        decided(reject({ order_no: row!.order_no, reason }).unwrap(), `已驳回订单 ${row!.order_no} 的发票申请`)
      }
      onClose={onClose}
    />
  );
}
