import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useRefundRequeryMutation } from '../admin-api';

export const REQUERY_TEXTS = {
  button: '再次查询',
  hint: '支付渠道尚未确认这笔退款的结果：再次查询会用同一退款单号询问渠道（渠道只会退款一次），并记录它的答复。',
} as const;

/**
 * 再次查询 for a refund left 退款中: asks the gateway again and shows its answer beside the
 * button (the queue and the order drawer both offer it).
 */
export function RefundRequeryButton({ orderNo, withHint = false }: { orderNo: string; withHint?: boolean }) {
  const [requery, { isLoading }] = useRefundRequeryMutation();
  const [answer, setAnswer] = useState<{ outcome: string; message: string } | null>(null);
  const ask = async () => {
    try {
      setAnswer(await requery({ order_no: orderNo }).unwrap());
    } catch {
      // The error catalogue has shown the server's reason.
    }
  };
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      {withHint && <Alert type="info" showIcon title={REQUERY_TEXTS.hint} />}
      <Button size="small" loading={isLoading} onClick={() => void ask()} aria-label={`再次查询订单 ${orderNo} 的退款`}>
        {REQUERY_TEXTS.button}
      </Button>
      {answer && (
        <Alert
          role="status"
          type={answer.outcome === 'refunded' ? 'success' : answer.outcome === 'refund-failed' ? 'error' : 'warning'}
          showIcon
          title={`渠道答复：${answer.message}`}
        />
      )}
    </Space>
  );
}
