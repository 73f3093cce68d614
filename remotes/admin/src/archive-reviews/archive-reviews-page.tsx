import { useState } from 'react';
import { Button, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  ARCHIVE_REJECT_REASON_MAX,
  ARCHIVE_REVIEW_STATUSES,
  ARCHIVE_REVIEW_STATUS_TEXT,
  type ArchiveReviewRow,
  type ArchiveReviewStatus,
} from '@yaoshi/contracts/archive-reviews';
import { ARCHIVE_REVIEW_WORKING_DAYS } from '@yaoshi/contracts/study-rules';
import { beijingDayOf } from '@yaoshi/contracts/beijing-time';
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
import { useArchiveDecideMutation, useArchiveReviewsQuery } from './archive-reviews-api';

const STATUS_COLOR: Readonly<Record<ArchiveReviewStatus, string>> = {
  pending: 'blue',
  passed: 'green',
  rejected: 'red',
};

const FILTERS: readonly FilterField[] = [
  {
    name: 'status',
    label: '状态',
    kind: 'select',
    options: ARCHIVE_REVIEW_STATUSES.map((value) => ({ value, label: ARCHIVE_REVIEW_STATUS_TEXT[value] })),
    width: 130,
  },
  { name: 'learner', label: '学员', placeholder: '姓名或身份证号' },
];
const INITIAL_FILTERS = { status: 'pending' };

const NOTE = `完成本年度全部要求学时的学员，由协会在${ARCHIVE_REVIEW_WORKING_DAYS}个工作日内审核其学习档案；审核通过后学员方可下载学时证明。发现代学或场外交易的，判定不通过并写明原因，学员在“我的课程”中可见。`;
const REJECT_SUGGESTIONS = ['存在他人代学行为', '存在场外交易行为', '人脸核验记录异常'] as const;

type Rejecting = { year: number; rows: ArchiveReviewRow[] } | null;

/** 档案审核 (学员管理): the year's completers, oldest wait first; pass one or many, or fail one with a reason. */
export function ArchiveReviewsPage() {
  const [year, setYear] = useState<number | undefined>(undefined);
  const list = useListState(INITIAL_FILTERS);
  const query = useArchiveReviewsQuery(
    { ...(year === undefined ? {} : { year }), ...list.filters, page: list.page, size: list.size },
    { refetchOnMountOrArgChange: true },
  );
  useSearchAgain(list, query);
  const [decide, deciding] = useArchiveDecideMutation();
  const [selected, setSelected] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState<Rejecting>(null);
  const data = query.data;
  const shownYear = data?.year;
  const today = beijingDayOf(new Date());

  const pass = async (rows: readonly ArchiveReviewRow[]) => {
    if (shownYear === undefined) return;
    const names = rows.length === 1 ? rows[0]!.name : `${rows.length} 名学员`;
    if (
      await decided(
        decide({ year: shownYear, learner_ids: rows.map((row) => row.learner_id), decision: 'pass' }).unwrap(),
        `已通过 ${names} 的学习档案审核`,
      )
    )
      setSelected([]);
  };

  const columns: ColumnsType<ArchiveReviewRow> = [
    {
      title: '学员',
      key: 'learner',
      width: COLUMN_WIDTH.person,
      render: (_: unknown, row) => <PersonCell name={row.name} idNumber={row.id_number} />,
    },
    { title: '工作单位', dataIndex: 'unit', key: 'unit', ...ellipsisColumn() },
    { title: '专业课', dataIndex: 'professional_hours', key: 'professional_hours', width: 80, render: hours },
    { title: '公需课', dataIndex: 'public_hours', key: 'public_hours', width: 80, render: hours },
    { title: '完成日期', dataIndex: 'completed_on', key: 'completed_on', width: 110 },
    {
      title: '审核截止',
      key: 'review_due_on',
      width: 110,
      render: (_: unknown, row) =>
        row.status === 'pending' && row.review_due_on < today ? (
          <Typography.Text type="danger">{row.review_due_on}（已超期）</Typography.Text>
        ) : (
          row.review_due_on
        ),
    },
    {
      title: '状态',
      key: 'status',
      width: 170,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLOR[row.status]}>{ARCHIVE_REVIEW_STATUS_TEXT[row.status]}</Tag>
          {row.reason && <Typography.Text type="secondary">{row.reason}</Typography.Text>}
          {row.reviewed_by && (
            <Typography.Text type="secondary">
              {row.reviewed_by} {row.reviewed_at}
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
            label="通过"
            rejectLabel="不通过"
            confirmTitle={`通过 ${row.name} 的学习档案审核？`}
            confirmDescription="通过后学员即可下载本年度学时证明"
            confirmText="通过"
            loading={deciding.isLoading && deciding.originalArgs?.learner_ids.includes(row.learner_id) === true}
            onConfirm={() => void pass([row])}
            onReject={() => setRejecting({ year: shownYear!, rows: [row] })}
          />
        ) : row.status === 'rejected' ? (
          <Popconfirm
            title={`改判 ${row.name} 为审核通过？`}
            okText="改为通过"
            cancelText="取消"
            onConfirm={() => void pass([row])}
          >
            <Button size="small">改为通过</Button>
          </Popconfirm>
        ) : (
          <Button size="small" danger onClick={() => setRejecting({ year: shownYear!, rows: [row] })}>
            改为不通过
          </Button>
        ),
    },
  ];

  const selectedRows = (data?.list ?? []).filter((row) => selected.includes(row.learner_id));
  return (
    <>
      <Typography.Paragraph type="secondary">{NOTE}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text>年度：</Typography.Text>
        <Select<number>
          aria-label="年度"
          value={shownYear}
          loading={!data}
          style={{ width: 120 }}
          options={(data?.years ?? []).map((value) => ({ value, label: `${value}年度` }))}
          onChange={(value) => {
            setYear(value);
            setSelected([]);
            list.setPage(1, list.size);
          }}
        />
        {data && (
          <Space role="group" aria-label="审核统计">
            {ARCHIVE_REVIEW_STATUSES.map((status) => (
              <Tag key={status} color={STATUS_COLOR[status]}>
                {ARCHIVE_REVIEW_STATUS_TEXT[status]} {data.counts[status]} 人
              </Tag>
            ))}
          </Space>
        )}
      </Space>
      <FilterBar
        fields={FILTERS}
        onSearch={(filters) => {
          setSelected([]);
          list.setFilters(filters);
        }}
        initialValues={INITIAL_FILTERS}
        extra={
          <Popconfirm
            title={`通过所选 ${selectedRows.length} 名学员的学习档案审核？`}
            okText="全部通过"
            cancelText="取消"
            disabled={selectedRows.length === 0}
            onConfirm={() => void pass(selectedRows)}
          >
            <Button disabled={selectedRows.length === 0} loading={deciding.isLoading}>
              批量通过{selectedRows.length > 0 ? `（${selectedRows.length}）` : ''}
            </Button>
          </Popconfirm>
        }
      />
      <ConsoleTable<ArchiveReviewRow>
        label="档案审核"
        rowKey="learner_id"
        columns={columns}
        query={query}
        rows={data?.list ?? []}
        total={data?.total ?? 0}
        list={list}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (row) => ({ disabled: row.status !== 'pending', 'aria-label': `选择 ${row.name}` }),
        }}
      />
      <RejectDialog rejecting={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function hours(value: number): string {
  return value.toFixed(1);
}

function RejectDialog({ rejecting, onClose }: { rejecting: Rejecting; onClose: () => void }) {
  const [decide, { isLoading }] = useArchiveDecideMutation();
  const row = rejecting?.rows[0];
  return (
    <ReasonDialog
      open={rejecting !== null}
      title={row ? `${row.name} 的学习档案审核不通过` : ''}
      hint="学员会在“我的课程”中看到此原因，本年度不能下载学时证明。"
      okText="不通过"
      label="不通过原因"
      maxLength={ARCHIVE_REJECT_REASON_MAX}
      suggestions={REJECT_SUGGESTIONS}
      loading={isLoading}
      onSubmit={(reason) =>
        decided(
          decide({
            year: rejecting!.year,
            learner_ids: rejecting!.rows.map((one) => one.learner_id),
            decision: 'reject',
            reason,
          }).unwrap(),
          `已判定 ${row!.name} 的学习档案审核不通过`,
        )
      }
      onClose={onClose}
    />
  );
}
