import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { LearnerListRow, NewLearner } from '@yaoshi/contracts/learner-admin';
import { ACCOUNT_MESSAGES } from '@yaoshi/contracts/account-messages';
import { isMobilePhone, isValidIdNumber } from '@yaoshi/contracts/identity-rules';
import { CERTIFICATION_TYPE_LABELS, isChineseOnly } from '@yaoshi/contracts/profile-rules';
import { useAdminMeQuery, useLearnerCreateMutation, useLearnerListQuery } from '../admin-api';
import {
  ACTIONS_COLUMN_KEY,
  COLUMN_WIDTH,
  ConsoleTable,
  ellipsisColumn,
  FilterBar,
  useListState,
  type FilterField,
  useSearchAgain,
} from '../kit/list-kit';
import { FACE_STATUS_TEXT } from './face-status';
import { ImportLearnersDialog } from './import-dialog';
import { LearnerDrawer } from './learner-drawer';
import { RemindersDialog } from './reminders-dialog';
import { PersonalNumber } from './personal-number';
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
  const query = useLearnerListQuery(
    { ...list.filters, ...sort, page: list.page, size: list.size },
    { refetchOnMountOrArgChange: true },
  );
  useSearchAgain(list, query);
  const canWrite = useAdminMeQuery().data?.permissions.includes('learners.write') ?? false;
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [reminding, setReminding] = useState(false);

  const columns: ColumnsType<LearnerListRow> = [
    { title: '姓名', dataIndex: 'name', key: 'name', sorter: true, ...ellipsisColumn(100) },
    {
      title: '身份证号',
      dataIndex: 'id_number',
      key: 'id_number',
      sorter: true,
      width: COLUMN_WIDTH.idNumber + 10,
      render: (_: unknown, row) => (
        <PersonalNumber learnerId={row.id} field="id_number" value={row.id_number} learnerName={row.name} />
      ),
    },
    {
      title: '手机号',
      dataIndex: 'phone',
      key: 'phone',
      width: 150,
      render: (_: unknown, row) => (
        <PersonalNumber learnerId={row.id} field="phone" value={row.phone} learnerName={row.name} />
      ),
    },
    { title: '工作单位', dataIndex: 'company', key: 'company', ...ellipsisColumn() },
    { title: '地区', dataIndex: 'region', key: 'region', ...ellipsisColumn(100) },
    {
      title: '人脸 / 登录',
      key: 'avatar_status',
      width: COLUMN_WIDTH.status,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={2}>
          <Tag color={FACE_STATUS_COLOR[row.avatar_status]}>{FACE_STATUS_TEXT[row.avatar_status] ?? ''}</Tag>
          {row.locked && <Tag color="orange">已锁定</Tag>}
          {row.closed && <Tag>已注销</Tag>}
        </Space>
      ),
    },
    { title: '注册时间', dataIndex: 'created_at', key: 'created_at', sorter: true, width: COLUMN_WIDTH.time + 20 },
    {
      title: '操作',
      key: ACTIONS_COLUMN_KEY,
      width: COLUMN_WIDTH.oneLink,
      render: (_: unknown, row) => (
        <Button size="small" type="link" onClick={() => setOpenId(row.id)}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <>
      <FilterBar
        fields={FILTERS}
        onSearch={list.setFilters}
        extra={
          canWrite && (
            <Space>
              <Button type="primary" ghost onClick={() => setCreating(true)}>
                新建学员
              </Button>
              <Button onClick={() => setImporting(true)}>导入学员</Button>
              <Button onClick={() => setReminding(true)}>年底学时提醒</Button>
            </Space>
          )
        }
      />
      <ConsoleTable<LearnerListRow>
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
      <LearnerDrawer id={openId} canWrite={canWrite} onClose={() => setOpenId(null)} />
      <CreateLearnerDialog open={creating} onClose={() => setCreating(false)} />
      <ImportLearnersDialog open={importing} onClose={() => setImporting(false)} />
      <RemindersDialog open={reminding} onClose={() => setReminding(false)} />
    </>
  );
}

const CERTIFICATION_OPTIONS = Object.entries(CERTIFICATION_TYPE_LABELS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/** One learner, checked by the profile's own rules here and again on the server. */
function CreateLearnerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<NewLearner>();
  const [create, { isLoading }] = useLearnerCreateMutation();
  const submit = async (values: NewLearner) => {
    try {
      const created = await create({ ...values, company: values.company ?? '' }).unwrap();
      form.resetFields();
      onClose();
      Modal.success({
        title: '学员已创建',
        content: (
          <Space orientation="vertical">
            <span>初始密码为身份证号后6位：</span>
            <Typography.Text strong copyable>
              {created.initial_password}
            </Typography.Text>
          </Space>
        ),
        okText: '知道了',
      });
    } catch {
      // shown by the error catalogue; the form keeps what was typed
    }
  };
  return (
    <Modal
      title="新建学员"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="创建"
      cancelText="取消"
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <Form<NewLearner> form={form} layout="vertical" aria-label="新建学员" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="name"
          label="姓名"
          rules={[{ required: true, whitespace: true, message: ACCOUNT_MESSAGES.nameRequired }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="idcard"
          label="身份证号"
          rules={[
            { required: true, message: ACCOUNT_MESSAGES.idNumberRequired },
            {
              validator: async (_rule, value: string) =>
                !value || isValidIdNumber(value)
                  ? undefined
                  : Promise.reject(new Error(ACCOUNT_MESSAGES.idNumberInvalid)),
            },
          ]}
        >
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            { required: true, message: ACCOUNT_MESSAGES.phoneRequired },
            {
              validator: async (_rule, value: string) =>
                !value || isMobilePhone(value) ? undefined : Promise.reject(new Error(ACCOUNT_MESSAGES.phoneInvalid)),
            },
          ]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item
          name="certification_type"
          label="证书类型"
          rules={[{ required: true, message: ACCOUNT_MESSAGES.certificationTypeRequired }]}
        >
          <Select options={CERTIFICATION_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="company"
          label="工作单位"
          rules={[
            {
              validator: async (_rule, value: string | undefined) =>
                !value || isChineseOnly(value)
                  ? undefined
                  : Promise.reject(new Error(ACCOUNT_MESSAGES.companyChineseOnly)),
            },
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
