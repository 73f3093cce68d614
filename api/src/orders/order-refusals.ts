import { PAY_STATUS, RECEIPT_STATUS, REFUND_STATUS, canApply, type OrderState } from '@yaoshi/contracts/order-states';
import { MESSAGES } from '../messages';

/**
 * Why the state machine refuses a learner's action on an order in `state`, in words the
 * learner can act on; null when the table allows it. The table decides; this only names
 * the reason, most fundamental first (not paid, then refund, then invoice).
 */
export function cancelRefusal(state: OrderState): string | null {
  if (canApply(state, 'cancel')) return null;
  if (state.pay_status === PAY_STATUS.cancelled) return MESSAGES.orderAlreadyCancelled;
  if (state.pay_status === PAY_STATUS.refunded) return MESSAGES.orderRefundedCannotCancel;
  return MESSAGES.orderPaidCannotCancel;
}

export function refundRefusal(state: OrderState): string | null {
  if (canApply(state, 'request_refund')) return null;
  if (state.pay_status === PAY_STATUS.cancelled) return MESSAGES.orderCancelledNoRefund;
  if (state.pay_status === PAY_STATUS.refunded || state.refund_status === REFUND_STATUS.refunded)
    return MESSAGES.orderAlreadyRefunded;
  if (state.pay_status !== PAY_STATUS.paid) return MESSAGES.orderNotPaidNoRefund;
  if (state.refund_status === REFUND_STATUS.reviewing || state.refund_status === REFUND_STATUS.refunding)
    return MESSAGES.refundInProgress;
  return MESSAGES.invoiceRequestedNoRefund;
}

export function invoiceRefusal(state: OrderState): string | null {
  if (canApply(state, 'request_invoice')) return null;
  if (state.pay_status === PAY_STATUS.refunded || state.refund_status === REFUND_STATUS.refunded)
    return MESSAGES.orderRefundedNoInvoice;
  if (state.pay_status !== PAY_STATUS.paid) return MESSAGES.orderNotPaidNoInvoice;
  if (state.refund_status === REFUND_STATUS.reviewing || state.refund_status === REFUND_STATUS.refunding)
    return MESSAGES.refundInProgressNoInvoice;
  if (state.is_receipt === RECEIPT_STATUS.issued) return MESSAGES.invoiceAlreadyIssued;
  return MESSAGES.invoiceInProgress;
}
