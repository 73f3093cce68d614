import { useState } from 'react';
import { useNavigate, useSearchParams } from '@yaoshi/ui/router';
import { Button, Space } from 'antd';
import { Paragraph, Title } from '@yaoshi/ui/typography';
import { FormRow, SiteInputStyles, focusFirstProblem, problemPropsOf } from '@yaoshi/ui/site-form';
import type { RefundRequest } from '@yaoshi/contracts/orders';
import { ORDER_MESSAGES, REFUND_REASON_MAX_LENGTH } from '@yaoshi/contracts/order-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import { PAGE_TITLES } from '../page-titles';
import { REFUND_PROBLEMS } from '../order-form-rules';
import { useRequestRefundMutation } from '../orders-api';
import { tokens } from '@yaoshi/ui/site-tokens';

type RefundField = 'order_id' | 'reason';
type RefundForm = Record<RefundField, string>;

const PROBLEM_OF: Record<RefundField, (value: string) => string | undefined> = {
  order_id: REFUND_PROBLEMS.orderId,
  reason: REFUND_PROBLEMS.reason,
};
const FIELDS = Object.keys(PROBLEM_OF) as RefundField[];
const INPUT_ID: Record<RefundField, string> = { order_id: 'refund-order-id', reason: 'refund-reason' };
const LABEL: Record<RefundField, string> = { order_id: '订单号', reason: '退款原因' };

/**
 * /requestRefund?orderId= (spec 02 §5): order number and reason; on success the message,
 * then back one page. Two fields, checked as they are edited and all at 提交, in plain
 * markup rather than antd's Form (see @yaoshi/ui/site-form).
 */
export default function RefundRequestPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [requestRefund, { isLoading }] = useRequestRefundMutation();
  const [values, setValues] = useState<RefundForm>({ order_id: params.get('orderId') ?? '', reason: '' });
  const [problems, setProblems] = useState<Partial<Record<RefundField, string>>>({});

  const edit = (field: RefundField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: PROBLEM_OF[field](value) }));
  };

  const submit = async () => {
    const found = Object.fromEntries(FIELDS.map((field) => [field, PROBLEM_OF[field](values[field])]));
    setProblems(found);
    if (focusFirstProblem(FIELDS, found, (field) => INPUT_ID[field])) return;
    const payload: RefundRequest = { order_id: values.order_id.trim(), reason: values.reason.trim() };
    try {
      await requestRefund(payload).unwrap();
    } catch {
      return; // the error catalogue has shown the server's reason; the form keeps what was typed
    }
    showMessage(ORDER_MESSAGES.refundSubmitted);
    void navigate(-1);
  };

  const inputProps = (field: RefundField) => ({
    id: INPUT_ID[field],
    // The field's name alone (the visible label adds the required mark and a colon).
    'aria-label': LABEL[field],
    className: 'site-input',
    value: values[field],
    ...problemPropsOf(INPUT_ID[field], problems[field]),
  });

  return (
    <section>
      <SiteInputStyles />
      <Title level={3} data-testid="page-title">
        {PAGE_TITLES['./RequestRefund']}
      </Title>
      <form
        aria-label="申请退款"
        noValidate
        style={{ maxWidth: 720 }}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormRow label={LABEL.order_id} inputId={INPUT_ID.order_id} required problem={problems.order_id}>
          <input {...inputProps('order_id')} inputMode="numeric" onChange={(e) => edit('order_id', e.target.value)} />
        </FormRow>
        <FormRow label={LABEL.reason} inputId={INPUT_ID.reason} required problem={problems.reason}>
          <textarea
            {...inputProps('reason')}
            rows={4}
            maxLength={REFUND_REASON_MAX_LENGTH}
            onChange={(e) => edit('reason', e.target.value)}
          />
          <div aria-hidden="true" style={{ textAlign: 'right', color: tokens.colorTextDescription, fontSize: 14 }}>
            {values.reason.length} / {REFUND_REASON_MAX_LENGTH}
          </div>
        </FormRow>
        <FormRow>
          <Space>
            <Button type="primary" htmlType="submit" loading={isLoading}>
              提交
            </Button>
            <Button onClick={() => void navigate(-1)}>返回</Button>
          </Space>
        </FormRow>
      </form>
      <Paragraph type="secondary">
        温馨提示：支付超过一个月或已开始学习的订单不予退款（因系统原因造成的除外）；申请发票后不能再申请退款。
      </Paragraph>
    </section>
  );
}
