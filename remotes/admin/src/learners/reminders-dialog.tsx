import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  REMINDER_CHANNEL_TEXT,
  REQUIRED_YEAR_HOURS,
  type ReminderCampaign,
  type ReminderChannel,
  type ReminderFilter,
  type ReminderPreview,
} from '@yaoshi/contracts/reminders';
import { useLazyReminderPreviewQuery, useReminderCampaignsQuery, useReminderCreateMutation } from './reminders-api';

interface FilterForm {
  year: number;
  min_missing_hours?: number | null;
  company?: string;
  channel: ReminderChannel;
}

function filterOf(values: FilterForm): ReminderFilter {
  return {
    year: values.year,
    ...(values.min_missing_hours ? { min_missing_hours: values.min_missing_hours } : {}),
    ...(values.company?.trim() ? { company: values.company.trim() } : {}),
  };
}

const COLUMNS: ColumnsType<ReminderCampaign> = [
  { title: '发起时间', dataIndex: 'created_at', key: 'created_at', width: 170 },
  { title: '年度', dataIndex: 'year', key: 'year', width: 70 },
  { title: '方式', key: 'channel', width: 70, render: (_: unknown, row) => REMINDER_CHANNEL_TEXT[row.channel] },
  { title: '工作单位', key: 'company', width: 110, render: (_: unknown, row) => row.company || '全部' },
  { title: '选中', dataIndex: 'selected', key: 'selected', width: 60 },
  { title: '已发送', dataIndex: 'sent', key: 'sent', width: 70 },
  { title: '失败', dataIndex: 'failed', key: 'failed', width: 60 },
  {
    title: '跳过',
    key: 'skipped',
    width: 130,
    render: (_: unknown, row) => `已退订${row.skipped_opted_out}，无邮箱${row.skipped_no_address}`,
  },
  {
    title: '状态',
    key: 'status',
    width: 110,
    render: (_: unknown, row) =>
      row.status === 'done' ? <Tag color="green">已完成</Tag> : <Tag color="blue">发送中（剩{row.pending}）</Tag>,
  },
  { title: '发起人', dataIndex: 'created_by', key: 'created_by', width: 90 },
];

/**
 * 年底学时提醒 (issue 37): choose learners by year, hours still missing and work unit, see how
 * many that is (and how many opted out or have no email), then send by SMS or mail; the
 * campaigns below show what the background job has sent so far.
 */
export function RemindersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<FilterForm>();
  const [fetchPreview, preview] = useLazyReminderPreviewQuery();
  const [create, creating] = useReminderCreateMutation();
  const campaigns = useReminderCampaignsQuery(undefined, { skip: !open, pollingInterval: open ? 10_000 : 0 });
  const [shown, setShown] = useState<ReminderPreview | null>(null);

  const onPreview = async () => {
    const values = await form.validateFields();
    try {
      setShown(await fetchPreview(filterOf(values)).unwrap());
    } catch {
      // shown by the error catalogue
    }
  };

  const onSend = async () => {
    const values = await form.validateFields();
    try {
      const campaign = await create({ ...filterOf(values), channel: values.channel }).unwrap();
      Modal.success({ title: `已发起提醒：共${campaign.selected}名学员，后台正在发送` });
      setShown(null);
    } catch {
      // shown by the error catalogue (e.g. 没有符合条件的学员)
    }
  };

  return (
    <Modal open={open} onCancel={onClose} title="年底学时提醒" footer={null} width={900} destroyOnHidden>
      <Form<FilterForm>
        form={form}
        layout="inline"
        initialValues={{ year: new Date().getFullYear(), channel: 'sms' }}
        onValuesChange={() => setShown(null)}
      >
        <Form.Item name="year" label="年度" rules={[{ required: true, message: '请选择年度' }]}>
          <InputNumber min={2000} max={2100} aria-label="年度" />
        </Form.Item>
        <Form.Item name="min_missing_hours" label="还差学时至少">
          <InputNumber min={0.1} max={REQUIRED_YEAR_HOURS} step={1} aria-label="还差学时至少" />
        </Form.Item>
        <Form.Item name="company" label="工作单位">
          <Input allowClear placeholder="包含此文字" aria-label="工作单位" />
        </Form.Item>
        <Form.Item name="channel" label="方式">
          <Radio.Group
            options={[
              { value: 'sms', label: REMINDER_CHANNEL_TEXT.sms },
              { value: 'mail', label: REMINDER_CHANNEL_TEXT.mail },
            ]}
          />
        </Form.Item>
      </Form>
      <Space style={{ margin: '16px 0' }}>
        <Button onClick={() => void onPreview()} loading={preview.isFetching}>
          预览人数
        </Button>
        <Button
          type="primary"
          onClick={() => void onSend()}
          loading={creating.isLoading}
          disabled={!shown || shown.selected === 0}
        >
          发送提醒
        </Button>
      </Space>
      {shown && (
        <Alert
          type={shown.selected > 0 ? 'info' : 'warning'}
          title={`符合条件的学员 ${shown.selected} 名`}
          description={`其中已退订提醒 ${shown.opted_out} 名、未填写邮箱 ${shown.without_email} 名（邮件提醒将跳过）。每名学员在一次提醒中最多收到一次。`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Typography.Title level={5}>已发起的提醒</Typography.Title>
      <Table<ReminderCampaign>
        rowKey="id"
        size="small"
        columns={COLUMNS}
        dataSource={campaigns.data?.list ?? []}
        loading={campaigns.isLoading}
        pagination={false}
        aria-label="已发起的提醒"
      />
    </Modal>
  );
}
