import { useState } from 'react';
import { Alert, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ClosureRow } from '@yaoshi/contracts/personal-data';
import {
  CLOSURE_KEEPS,
  CLOSURE_REASON_MAX_LENGTH,
  CLOSURE_REMOVES,
  CLOSURE_STATUS_LABELS,
  type ClosureStatus,
} from '@yaoshi/contracts/personal-data-rules';
import {
  ACTIONS_COLUMN_KEY,
  COLUMN_WIDTH,
  ConsoleTable,
  FilterBar,
  ellipsisColumn,
  useListState,
  type FilterField,
  useSearchAgain,
} from '../kit/list-kit';
import { DecisionButtons, ReasonDialog, decided } from '../kit/reason-dialog';
import { PersonalNumber } from './personal-number';
import { useClosureApproveMutation, useClosureListQuery, useClosureRefuseMutation } from './personal-data-api';

const STATUS_COLOR: Readonly<Record<ClosureStatus, string>> = {
  pending: 'blue',
  approved: 'default',
  refused: 'red',
  withdrawn: 'default',
};

const FILTERS: readonly FilterField[] = [
  {
    name: 'status',
    label: '状态',
    kind: 'select',
    options: Object.entries(CLOSURE_STATUS_LABELS).map(([value, label]) => ({ value, label })),
    width: 130,
  },
];

const INITIAL_FILTERS = { status: 'pending' };

/**
 * 注销申请 (学员管理): learners' requests to close their account, from 我的信息. 同意 closes the
 * account (what it keeps and removes is said before the click); 不同意 needs a reason the
 * learner reads. Both are audited.
 */
export function ClosuresPage() {
  const list = useListState(INITIAL_FILTERS);
  const query = useClosureListQuery(
    { ...list.filters, page: list.page, size: list.size },
    { refetchOnMountOrArgChange: true },
  );
  useSearchAgain(list, query);
  const [approve, approving] = useClosureApproveMutation();
  const [refusing, setRefusing] = useState<ClosureRow | null>(null);

  const columns: ColumnsType<ClosureRow> = [
    { title: '姓名', dataIndex: 'name', key: 'name', ...ellipsisColumn(100) },
    {
      title: '身份证号',
      key: 'id_number',
      width: COLUMN_WIDTH.idNumber + 20,
      render: (_: unknown, row) => (
        <PersonalNumber learnerId={row.learner_id} field="id_number" value={row.id_number} learnerName={row.name} />
      ),
    },
    { title: '注销原因', key: 'reason', ...ellipsisColumn(), render: (_: unknown, row) => row.reason || '—' },
    { title: '申请时间', dataIndex: 'requested_at', key: 'requested_at', width: COLUMN_WIDTH.time },
    {
      title: '状态',
      key: 'status',
      width: COLUMN_WIDTH.status + 40,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLOR[row.status]}>{row.status_text}</Tag>
          {row.refuse_reason && <Typography.Text type="secondary">{row.refuse_reason}</Typography.Text>}
          {row.decided_by && (
            <Typography.Text type="secondary">
              {row.decided_by} {row.decided_at}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      width: COLUMN_WIDTH.twoButtons + 10,
      render: (_: unknown, row) =>
        row.status === 'pending' ? (
          <DecisionButtons
            label="同意"
            rejectLabel="不同意"
            confirmTitle={`同意注销 ${row.name} 的账号？`}
            confirmDescription={`保留：${CLOSURE_KEEPS}。删除：${CLOSURE_REMOVES}。此操作不可撤销。`}
            confirmText="同意注销"
            loading={approving.isLoading && approving.originalArgs?.id === row.id}
            onConfirm={() => void decided(approve({ id: row.id }).unwrap(), `已注销 ${row.name} 的账号`)}
            onReject={() => setRefusing(row)}
          />
        ) : null,
    },
  ];

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`待处理 ${query.data?.pending ?? 0} 件`}
        description={`同意后保留${CLOSURE_KEEPS}；删除${CLOSURE_REMOVES}。`}
      />
      <FilterBar fields={FILTERS} onSearch={list.setFilters} initialValues={INITIAL_FILTERS} />
      <ConsoleTable<ClosureRow>
        label="注销申请"
        rowKey="id"
        columns={columns}
        query={query}
        rows={query.data?.list ?? []}
        total={query.data?.total ?? 0}
        list={list}
      />
      <RefuseDialog row={refusing} onClose={() => setRefusing(null)} />
    </>
  );
}

function RefuseDialog({ row, onClose }: { row: ClosureRow | null; onClose: () => void }) {
  const [refuse, { isLoading }] = useClosureRefuseMutation();
  return (
    <ReasonDialog
      open={row !== null}
      title={row ? `不同意 ${row.name} 的注销申请` : ''}
      hint="学员会在“我的信息”中看到此原因，可处理后重新申请。"
      okText="不同意"
      label="不同意的原因"
      maxLength={CLOSURE_REASON_MAX_LENGTH}
      suggestions={['尚有未处理完的订单、退款或发票，请处理完毕后再申请', '无法确认是本人申请，请联系协会']}
      loading={isLoading}
      onSubmit={(reason) => decided(refuse({ id: row!.id, reason }).unwrap(), `已处理 ${row!.name} 的注销申请`)}
      onClose={onClose}
    />
  );
}
