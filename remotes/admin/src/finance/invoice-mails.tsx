import { useState } from 'react';
import { Button, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { api } from '@yaoshi/api-client/api';
import * as mailRoutes from '@yaoshi/contracts/routes/mail';
import { MAIL_STATUS_TEXT, type MailRow } from '@yaoshi/contracts/mail';

/** 财务's view of an invoice's mail (issue 37): every mail sent about it, and a refusal in the mail server's words. */
const mailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    invoiceMails: build.query<{ list: MailRow[] }, { order_no: string }>({
      query: (payload) => ({ route: mailRoutes.invoiceMails, payload: { ...payload } }),
      keepUnusedDataFor: 0,
    }),
  }),
});
const { useInvoiceMailsQuery } = mailsApi;

const STATUS_COLOR: Readonly<Record<MailRow['status'], string>> = {
  queued: 'blue',
  sent: 'green',
  failed: 'red',
  bounced: 'volcano',
};

const COLUMNS: ColumnsType<MailRow> = [
  { title: '创建时间', dataIndex: 'created_at', key: 'created_at', width: 170 },
  { title: '收件人', dataIndex: 'to', key: 'to' },
  {
    title: '状态',
    key: 'status',
    width: 100,
    render: (_: unknown, row) => <Tag color={STATUS_COLOR[row.status]}>{MAIL_STATUS_TEXT[row.status]}</Tag>,
  },
  { title: '尝试次数', dataIndex: 'attempts', key: 'attempts', width: 80 },
  {
    title: '发送时间 / 失败原因',
    key: 'outcome',
    render: (_: unknown, row) => {
      // A bounced mail was sent, then came back: the learner's mailbox's words matter more than the time.
      const refusal = row.last_error ? <Typography.Text type="danger">{row.last_error}</Typography.Text> : null;
      if (row.status === 'bounced') return refusal ?? '退信，未说明原因';
      return row.sent_at ?? refusal ?? '—';
    },
  },
];

function MailsTable({ orderNo }: { orderNo: string }) {
  const mails = useInvoiceMailsQuery({ order_no: orderNo });
  return (
    <Table<MailRow>
      rowKey="id"
      size="small"
      columns={COLUMNS}
      dataSource={mails.data?.list ?? []}
      loading={mails.isLoading}
      pagination={false}
      aria-label="发票邮件"
    />
  );
}

/** 邮件 under an issued invoice's status: opens the list of its mails. */
export function InvoiceMailsButton({ orderNo }: { orderNo: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" type="link" style={{ padding: 0 }} onClick={() => setOpen(true)}>
        发票邮件
      </Button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        width={760}
        title={`订单 ${orderNo} 的发票邮件`}
        destroyOnHidden
      >
        {open && <MailsTable orderNo={orderNo} />}
      </Modal>
    </>
  );
}
