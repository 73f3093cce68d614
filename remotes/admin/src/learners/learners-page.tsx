import { useState } from 'react';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { LearnerListRow } from '@yaoshi/contracts/admin';
import { AVATAR_STATUS } from '@yaoshi/contracts/profile-rules';
import { useLearnerListQuery } from '../admin-api';
import { DataTable, FilterBar, useListState, type FilterField } from '../kit/list-kit';

export const FACE_STATUS_TEXT: Readonly<Record<number, string>> = {
  [AVATAR_STATUS.none]: '未采集',
  [AVATAR_STATUS.approved]: '已通过',
  [AVATAR_STATUS.underReview]: '待审核',
  [AVATAR_STATUS.rejected]: '已驳回',
};
const FACE_STATUS_COLOR: Readonly<Record<number, string>> = { 0: 'default', 1: 'green', 2: 'blue', 3: 'red' };

const FILTERS: readonly FilterField[] = [
  { name: 'name', label: '姓名', width: 120 },
  { name: 'id_number', label: '身份证号', width: 190 },
  { name: 'phone', label: '手机号', width: 140 },
  { name: 'company', label: '工作单位' },
  { name: 'region', label: '地区代码', placeholder: '如 320100', width: 120 },
  {
    name: 'avatar_status',
    label: '人脸状态',
    kind: 'select',
    options: Object.entries(FACE_STATUS_TEXT).map(([value, label]) => ({ value: Number(value), label })),
  },
  {
    name: 'locked',
    label: '锁定',
    kind: 'select',
    options: [
      { value: true, label: '已锁定' },
      { value: false, label: '未锁定' },
    ],
    width: 110,
  },
];

type SortField = 'created_at' | 'name' | 'id_number';

/** 学员管理: every learner, filtered, sorted and paged on the server. */
export function LearnersPage() {
  const list = useListState();
  const [sort, setSort] = useState<{ sort: SortField; order: 'asc' | 'desc' }>({ sort: 'created_at', order: 'desc' });
  const query = useLearnerListQuery({ ...list.filters, ...sort, page: list.page, size: list.size }, { refetchOnMountOrArgChange: true });

  const columns: ColumnsType<LearnerListRow> = [
    { title: '姓名', dataIndex: 'name', key: 'name', sorter: true },
    { title: '身份证号', dataIndex: 'id_number', key: 'id_number', sorter: true },
    { title: '手机号', dataIndex: 'phone', key: 'phone' },
    { title: '工作单位', dataIndex: 'company', key: 'company' },
    { title: '地区', dataIndex: 'region', key: 'region' },
    {
      title: '人脸状态',
      key: 'avatar_status',
      render: (_: unknown, row) => <Tag color={FACE_STATUS_COLOR[row.avatar_status]}>{FACE_STATUS_TEXT[row.avatar_status] ?? ''}</Tag>,
    },
    { title: '密码登录', key: 'locked', render: (_: unknown, row) => (row.locked ? <Tag color="orange">已锁定</Tag> : '正常') },
    { title: '注册时间', dataIndex: 'created_at', key: 'created_at', sorter: true },
  ];

  return (
    <>
      <FilterBar fields={FILTERS} onSearch={list.setFilters} />
      <DataTable<LearnerListRow>
        label="学员列表"
        rowKey="id"
        columns={columns}
        query={query}
        rows={query.data?.list ?? []}
        total={query.data?.total ?? 0}
        list={list}
        onSort={(field, order) => {
          setSort(field === null ? { sort: 'created_at', order: 'desc' } : { sort: field as SortField, order });
          list.setPage(1, list.size);
        }}
      />
    </>
  );
}
