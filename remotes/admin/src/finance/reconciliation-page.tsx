import { beijingDayOf } from '@yaoshi/contracts/beijing-time';
import { useState } from 'react';
import { Alert, Button, DatePicker, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { BillDifferenceRow, LateRefundRow } from '@yaoshi/contracts/finance-admin';
import { XLSX_TYPE, downloadBase64 } from '@yaoshi/ui/download';
import { useReconciliationReportQuery, useReconciliationRunMutation } from '../admin-api';
import { ConsoleTable } from '../kit/list-kit';

/** A difference row with the key that tells it apart (one merchant number may differ at two gateways). */
type KeyedDifference = BillDifferenceRow & { key: string };

const yuanText = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/**
 * 对账 (财务, issue 19): each payment gateway's daily bill against our records — money with
 * no order, orders marked paid with no money, amounts that differ — and the late payments
 * the server refunded on its own; the day as .xlsx. Yesterday's bills are reconciled by the
 * server every morning; 重新对账 downloads the bills again.
 */
export function ReconciliationPage() {
  const [day, setDay] = useState<Dayjs>(() => dayjs(beijingDayOf(Date.now() - 24 * 60 * 60 * 1000)));
  const dayText = day.format('YYYY-MM-DD');
  const query = useReconciliationReportQuery({ day: dayText }, { refetchOnMountOrArgChange: true });
  const [run, running] = useReconciliationRunMutation();
  const report = query.data;
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text>账单日期：</Typography.Text>
        <DatePicker aria-label="账单日期" value={day} allowClear={false} onChange={(value) => value && setDay(value)} />
        <Button type="primary" loading={running.isLoading} onClick={() => void run({ day: dayText })}>
          重新对账
        </Button>
        <Button
          disabled={!report}
          onClick={() => report && downloadBase64(report.file_name, report.xlsx_base64, XLSX_TYPE)}
        >
          导出 Excel
        </Button>
      </Space>
      {report && report.runs.length === 0 ? (
        <Alert style={{ marginBottom: 16 }} type="info" showIcon title="该日尚未对账（沙箱支付没有账单）" />
      ) : null}
      {report?.runs.map((r) => (
        <Typography.Paragraph key={r.provider}>
          {`${r.provider}：账单收款 ${r.bill_payments} 笔，退款 ${r.bill_refunds} 笔，差异 ${r.differences} 笔（${r.ran_at} 对账）`}
        </Typography.Paragraph>
      ))}
      <Typography.Title level={5}>对账差异</Typography.Title>
      <ConsoleTable<KeyedDifference>
        label="对账差异"
        rowKey="key"
        paged={false}
        query={query}
        rows={(report?.differences ?? []).map((row) => ({
          ...row,
          key: `${row.provider}-${row.kind}-${row.merchant_no}`,
        }))}
        columns={[
          { title: '支付渠道', dataIndex: 'provider' },
          { title: '差异类型', dataIndex: 'kind_text' },
          { title: '商户订单号', dataIndex: 'merchant_no' },
          { title: '订单号', key: 'order', render: (_: unknown, row) => row.order_no ?? '—' },
          { title: '渠道交易号', key: 'trade', render: (_: unknown, row) => row.provider_trade_no ?? '—' },
          { title: '账单金额（元）', key: 'bill', render: (_: unknown, row) => yuanText(row.bill_amount) },
          { title: '系统金额（元）', key: 'ours', render: (_: unknown, row) => yuanText(row.our_amount) },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        自动退款（订单已关闭后到账的款项）
      </Typography.Title>
      <ConsoleTable<LateRefundRow>
        label="自动退款"
        rowKey="merchant_refund_no"
        paged={false}
        query={query}
        rows={report?.late_refunds ?? []}
        columns={[
          { title: '订单号', dataIndex: 'order_no' },
          { title: '退款单号', dataIndex: 'merchant_refund_no' },
          { title: '支付渠道', dataIndex: 'provider' },
          { title: '金额（元）', key: 'amount', render: (_: unknown, row) => row.amount.toFixed(2) },
          { title: '状态', dataIndex: 'state_text' },
          { title: '失败原因', key: 'failure', render: (_: unknown, row) => row.failure_reason ?? '—' },
          { title: '时间', dataIndex: 'created_at' },
        ]}
      />
    </>
  );
}
