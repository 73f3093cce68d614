import { Button } from 'antd';
import { showMessage } from '@yaoshi/ui/show-message';
import { useResendInvoiceMailMutation } from '../orders-api';

/**
 * 重发邮件 beside 下载发票 (issue 37): the issued invoice is mailed again to the email on the
 * request; the server limits how often (its refusal is shown by the error catalogue).
 */
export function ResendInvoiceMail({ orderId }: { orderId: string }) {
  const [resend, state] = useResendInvoiceMailMutation();
  const onClick = async () => {
    try {
      const { to } = await resend({ order_id: orderId }).unwrap();
      showMessage(`发票已重新发送至 ${to}`, { type: 'success' });
    } catch {
      // shown by the error catalogue (e.g. 发票邮件发送过于频繁)
    }
  };
  return (
    <Button size="small" type="link" loading={state.isLoading} onClick={() => void onClick()}>
      重发邮件
    </Button>
  );
}
