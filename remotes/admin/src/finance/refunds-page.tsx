import { useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  REFUND_REJECT_REASON_MAX_LENGTH,
  REFUND_REQUEST_STATUS_TEXT,
  type RefundQueueRow,
} from '@yaoshi/contracts/finance-admin';
import { showMessage } from '@yaoshi/ui/show-message';
import { useAdminMeQuery, useRefundApproveMutation, useRefundQueueQuery, useRefundRejectMutation } from '../admin-api';
import {
  ACTIONS_COLUMN_KEY,
  COLUMN_WIDTH,
  ConsoleTable,
  FilterBar,
  PersonCell,
  ellipsisColumn,
  useListState,
  type FilterField,
  useSearchAgain,
} from '../kit/list-kit';
import { DecisionButtons, ReasonDialog, decided } from '../kit/reason-dialog';
import { RefundRequeryButton } from './refund-requery';

const STATUS_TEXT = REFUND_REQUEST_STATUS_TEXT;
const STATUS_COLOR: Readonly<Record<RefundQueueRow['status'], string>> = {
  reviewing: 'blue',
  refunding: 'orange',
  refunded: 'green',
  failed: 'red',
  rejected: 'default',
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

/** 退款审核 (财务): refund requests with the learners' reasons; approve refunds through the payment channel, or reject with a reason. */
export function RefundsPage() {
  const list = useListState(INITIAL_FILTERS);
  const query = useRefundQueueQuery(
    { ...list.filters, page: list.page, size: list.size },
    { refetchOnMountOrArgChange: true },
  );
  useSearchAgain(list, query);
  const canWrite = useAdminMeQuery().data?.permissions.includes('finance.write') ?? false;
  const [approve, approving] = useRefundApproveMutation();
  const [rejecting, setRejecting] = useState<RefundQueueRow | null>(null);

  const approveRow = async (row: RefundQueueRow) => {
    try {
      const result = await approve({ order_no: row.order_no }).unwrap();
      showMessage(`订单 ${row.order_no}：${result.message}`, {
        type: result.outcome === 'refunded' ? 'success' : 'warning',
      });
    } catch {
      // shown by the error catalogue
    }
  };

  const columns: ColumnsType<RefundQueueRow> = [
    { title: '订单号', dataIndex: 'order_no', key: 'order_no', width: COLUMN_WIDTH.orderNo },
    { title: '年度', dataIndex: 'year', key: 'year', width: COLUMN_WIDTH.year },
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
    { title: '退款原因', dataIndex: 'reason', key: 'reason', ...ellipsisColumn() },
    { title: '申请时间', dataIndex: 'requested_at', key: 'requested_at', width: COLUMN_WIDTH.time },
    {
      title: '状态',
      key: 'status',
      width: COLUMN_WIDTH.status,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLOR[row.status]}>{STATUS_TEXT[row.status]}</Tag>
          {row.failure_reason && <Typography.Text type="secondary">{row.failure_reason}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      width: COLUMN_WIDTH.twoButtons,
      render: (_: unknown, row) =>
        canWrite && row.status === 'refunding' ? (
          <RefundRequeryButton orderNo={row.order_no} />
        ) : canWrite && row.status === 'reviewing' ? (
          <DecisionButtons
            label="通过"
            confirmTitle={`通过订单 ${row.order_no} 的退款？`}
            confirmDescription={`将经支付渠道原路退回 ${row.amount.toFixed(2)} 元，并撤销该订单的课程`}
            confirmText="通过并退款"
            loading={approving.isLoading && approving.originalArgs?.order_no === row.order_no}
            onConfirm={() => void approveRow(row)}
            onReject={() => setRejecting(row)}
          />
        ) : null,
    },
  ];

  return (
    <>
      <FilterBar fields={FILTERS} onSearch={list.setFilters} initialValues={INITIAL_FILTERS} />
      <ConsoleTable<RefundQueueRow>
        label="退款申请"
        rowKey="order_no"
        columns={columns}
        query={query}
        rows={query.data?.list ?? []}
        total={query.data?.total ?? 0}
        list={list}
      />
      <RejectRefundDialog row={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function RejectRefundDialog({ row, onClose }: { row: RefundQueueRow | null; onClose: () => void }) {
  const [reject, { isLoading }] = useRefundRejectMutation();
  return (
    <ReasonDialog
      open={row !== null}
      title={row ? `驳回订单 ${row.order_no} 的退款申请` : ''}
      hint="学员会在“我的订单”中看到此原因，并可重新申请。"
      maxLength={REFUND_REJECT_REASON_MAX_LENGTH}
      loading={isLoading}
      onSubmit={(reason) =>
        decided(reject({ order_no: row!.order_no, reason }).unwrap(), `已驳回订单 ${row!.order_no} 的退款申请`)
      }
      onClose={onClose}
    />
  );
}
