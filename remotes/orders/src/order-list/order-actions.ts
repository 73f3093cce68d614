import type { LearnerOrderAction } from '@yaoshi/contracts/order-states';
import { INVOICE_REQUEST_KIND } from '@yaoshi/contracts/order-rules';

/** The button text of each action the order table offers (spec 02 §4). */
export const ACTION_LABELS: Readonly<Record<LearnerOrderAction, string>> = {
  continue_pay: '继续支付',
  repay: '重新支付',
  cancel: '取消订单',
  request_refund: '申请退款',
  rerequest_refund: '重新申请退款',
  request_invoice: '申请发票',
  rerequest_invoice: '重新申请发票',
};

/** Where an action that opens a page goes; cancel stays on the table (it asks first). */
export function actionTarget(action: LearnerOrderAction, orderId: string): string | null {
  const id = encodeURIComponent(orderId);
  switch (action) {
    case 'continue_pay':
    case 'repay':
      return `/pay?order_id=${id}`;
    case 'request_refund':
    case 'rerequest_refund':
      return `/requestRefund?orderId=${id}`;
    case 'request_invoice':
      return `/requestInvoice?type=${INVOICE_REQUEST_KIND.first}&orderId=${id}`;
    case 'rerequest_invoice':
      return `/requestInvoice?type=${INVOICE_REQUEST_KIND.again}&orderId=${id}`;
    case 'cancel':
      return null;
  }
}
