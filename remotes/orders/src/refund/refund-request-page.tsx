import { useNavigate, useSearchParams } from '@yaoshi/ui/router';
import { Button, Form, Input, Space } from 'antd';
import { Paragraph, Title } from '@yaoshi/ui/typography';
import type { RefundRequest } from '@yaoshi/contracts/orders';
import { ORDER_MESSAGES, REFUND_REASON_MAX_LENGTH } from '@yaoshi/contracts/order-rules';
import { showMessage } from '@yaoshi/ui/show-message';
import { PAGE_TITLES } from '../page-titles';
import { REFUND_RULES } from '../order-form-rules';
import { useRequestRefundMutation } from '../orders-api';

interface RefundForm {
  order_id: string;
  reason: string;
}

/** /requestRefund?orderId= (spec 02 §5): order number and reason; on success the message, then back one page. */
export default function RefundRequestPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [requestRefund, { isLoading }] = useRequestRefundMutation();

  const onFinish = async (values: RefundForm) => {
    const payload: RefundRequest = { order_id: values.order_id.trim(), reason: values.reason.trim() };
    try {
      await requestRefund(payload).unwrap();
    } catch {
      return; // the error catalogue has shown the server's reason; the form keeps what was typed
    }
    showMessage(ORDER_MESSAGES.refundSubmitted);
    void navigate(-1);
  };

  return (
    <section>
      <Title level={3} data-testid="page-title">
        {PAGE_TITLES['./RequestRefund']}
      </Title>
      <Form<RefundForm>
        aria-label="申请退款"
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        style={{ maxWidth: 720 }}
        initialValues={{ order_id: params.get('orderId') ?? '', reason: '' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item label="订单号" name="order_id" rules={REFUND_RULES.orderId}>
          <Input aria-label="订单号" inputMode="numeric" />
        </Form.Item>
        <Form.Item label="退款原因" name="reason" rules={REFUND_RULES.reason}>
          <Input.TextArea aria-label="退款原因" rows={4} maxLength={REFUND_REASON_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={isLoading}>
              提交
            </Button>
            <Button onClick={() => void navigate(-1)}>返回</Button>
          </Space>
        </Form.Item>
      </Form>
      <Paragraph type="secondary">
        温馨提示：支付超过一个月或已开始学习的订单不予退款（因系统原因造成的除外）；申请发票后不能再申请退款。
      </Paragraph>
    </section>
  );
}
