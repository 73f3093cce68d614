import { useState } from 'react';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  INVOICE_REJECT_REASON_MAX_LENGTH,
  INVOICE_REQUEST_STATUS_TEXT,
  RED_STATUS_TEXT,
  type InvoiceQueueRow,
} from '@yaoshi/contracts/finance-admin';
import { showMessage } from '@yaoshi/ui/show-message';
import {
  useAdminMeQuery,
  useInvoiceIssueMutation,
  useInvoiceQueueQuery,
  useInvoiceRefundMutation,
  useInvoiceRejectMutation,
  useInvoiceRetryMutation,
} from '../admin-api';
import {
  ACTIONS_COLUMN_KEY,
  COLUMN_WIDTH,
  ConsoleTable,
  FilterBar,
  PersonCell,
  useListState,
  type FilterField,
  useSearchAgain,
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

/**
 * 发票开具 (财务): invoice requests. 开具 sends the request to the e-invoice provider (issue 37):
 * issued at once, or 开具中 until the provider's answer comes; the provider's words when it
 * refused (重新提交 sends the same serial number again); 退款（红冲） for an issued invoice.
 */
export function InvoicesPage() {
  const list = useListState(INITIAL_FILTERS);
  const query = useInvoiceQueueQuery(
    { ...list.filters, page: list.page, size: list.size },
    { refetchOnMountOrArgChange: true },
  );
  useSearchAgain(list, query);
  const canWrite = useAdminMeQuery().data?.permissions.includes('finance.write') ?? false;
  const [issue, issuing] = useInvoiceIssueMutation();
  const [retry, retrying] = useInvoiceRetryMutation();
  const [rejecting, setRejecting] = useState<InvoiceQueueRow | null>(null);
  const [refunding, setRefunding] = useState<InvoiceQueueRow | null>(null);

  const issueRow = async (row: InvoiceQueueRow, again: boolean) => {
    try {
      const result = await (again ? retry : issue)({ order_no: row.order_no }).unwrap();
      if (result.status === 'issued') showMessage(`已开具发票 ${result.invoice_no ?? ''}`);
      else if (result.provider_error) showMessage(`开票未成功：${result.provider_error}`, { type: 'warning' });
      else showMessage('已提交开票平台，开具中，结果稍后显示');
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
      // The invoice number (16 characters) on one line, its time on the next: a narrower column broke the number.
      width: COLUMN_WIDTH.status + 80,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLOR[row.status]}>{STATUS_TEXT[row.status]}</Tag>
          {row.invoice_no && (
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {row.invoice_no}
            </Typography.Text>
          )}
          {row.invoice_no && row.issued_at && <Typography.Text type="secondary">{row.issued_at}</Typography.Text>}
          {row.failure_reason && <Typography.Text type="secondary">{row.failure_reason}</Typography.Text>}
          {row.provider_error && <Typography.Text type="danger">{row.provider_error}</Typography.Text>}
          {row.red_status && (
            <Tag color={row.red_status === 'red_lettered' ? 'default' : 'orange'}>
              {`${RED_STATUS_TEXT[row.red_status]}${row.red_invoice_no ? ` ${row.red_invoice_no}` : ''}`}
            </Tag>
          )}
          {row.red_error && <Typography.Text type="danger">{row.red_error}</Typography.Text>}
          {row.mail_bounced && (
            // The latest mail came back: 财务 asks the learner for another address (重发邮件 goes to the request's email).
            <Typography.Text type="danger">邮件已退信，请联系学员核对邮箱</Typography.Text>
          )}
          {row.status === 'issued' && <InvoiceMailsButton orderNo={row.order_no} />}
        </Space>
      ),
    },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      width: COLUMN_WIDTH.twoButtons,
      render: (_: unknown, row) => {
        if (!canWrite) return null;
        if (row.status === 'reviewing')
          return (
            <DecisionButtons
              label="开具"
              confirmTitle={`为订单 ${row.order_no} 开具发票？`}
              confirmDescription="将通过开票平台开具增值税电子普通发票。"
              confirmText="开具"
              loading={issuing.isLoading && issuing.originalArgs?.order_no === row.order_no}
              onConfirm={() => void issueRow(row, false)}
              onReject={() => setRejecting(row)}
            />
          );
        if (row.status === 'issuing' && row.retryable)
          return (
            <Popconfirm
              title={`重新提交订单 ${row.order_no} 的发票？`}
              description="以同一流水号提交，开票平台不会重复开具。"
              okText="重新提交"
              cancelText="取消"
              onConfirm={() => void issueRow(row, true)}
            >
              <Button size="small" loading={retrying.isLoading && retrying.originalArgs?.order_no === row.order_no}>
                重新提交
              </Button>
            </Popconfirm>
          );
        if (row.status === 'issued' && row.red_status !== 'red_lettered')
          return (
            <Button size="small" danger onClick={() => setRefunding(row)}>
              退款（红冲）
            </Button>
          );
        return null;
      },
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
      <RefundIssuedDialog row={refunding} onClose={() => setRefunding(null)} />
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

/** A staff refund of an order whose invoice is issued: the provider red-letters the invoice first (issue 37). */
function RefundIssuedDialog({ row, onClose }: { row: InvoiceQueueRow | null; onClose: () => void }) {
  const [refund, { isLoading }] = useInvoiceRefundMutation();
  return (
    <ReasonDialog
      open={row !== null}
      title={row ? `为订单 ${row.order_no} 退款并红冲发票` : ''}
      hint="学员不能对已开票订单申请退款；仅在法院裁定、重复支付等情况下由财务操作。先通过开票平台开具红字发票，成功后再原路退款。"
      okText="红冲并退款"
      label="退款原因"
      maxLength={INVOICE_REJECT_REASON_MAX_LENGTH}
      loading={isLoading}
      onSubmit={async (reason) => {
        try {
          const result = await refund({ order_no: row!.order_no, reason }).unwrap();
          if (result.red_error) showMessage(result.red_error, { type: 'warning' });
          else showMessage(`已红冲（红字发票 ${result.red_invoice_no ?? ''}），${result.refund_status}`);
          return true;
        } catch {
          return false;
        }
      }}
      onClose={onClose}
    />
  );
}
