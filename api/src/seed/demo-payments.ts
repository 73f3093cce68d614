import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { paymentAttempts, paymentNotifications, sandboxPayments, sandboxRefunds } from '../payment/payment-schema';
import { merchantNoOf } from '../payment/payments';
import { SANDBOX_PROVIDER_NAME, type SandboxNotificationBody } from '../payment/sandbox-provider';

/**
 * The sandbox gateway's side of a demo order that is paid: the payment attempt, the gateway's
 * own record of the payment (so a demo refund is refunded by the sandbox like a real one), and
 * the notification that settled it. Without these the console's order shows no attempt or
 * notification, and approving a demo refund fails with 该笔交易未支付，无法退款.
 */
export interface DemoPayment {
  orderId: number;
  orderNo: string;
  orderName: string;
  payType: 2 | 3;
  amountFen: number;
  createdAt: Date;
  paidAt: Date;
}

/** The gateway's trade number of a demo payment: stable, so re-seeding finds the same one. */
export const demoTradeNoOf = (orderNo: string) => `T${orderNo}`;

export async function recordDemoPayment(db: Database, payment: DemoPayment): Promise<string> {
  const merchantNo = merchantNoOf(payment.orderNo, 1);
  const tradeNo = demoTradeNoOf(payment.orderNo);
  // The demo has no address of its own; the sandbox never notifies again about a paid payment.
  const origin = 'http://localhost';
  await db.insert(sandboxPayments).values({
    merchantNo,
    token: randomBytes(18).toString('base64url'),
    amountFen: payment.amountFen,
    description: payment.orderName,
    payType: payment.payType,
    notifyUrl: `${origin}/payment/notify/${SANDBOX_PROVIDER_NAME}`,
    returnUrl: `${origin}/myOrder`,
    state: 'paid',
    tradeNo,
    createdAt: payment.createdAt,
    expiresAt: new Date(payment.createdAt.getTime() + 30 * 60 * 1000),
    finishedAt: payment.paidAt,
  });
  await db.insert(paymentAttempts).values({
    orderId: payment.orderId,
    merchantNo,
    provider: SANDBOX_PROVIDER_NAME,
    payType: payment.payType,
    amountFen: payment.amountFen,
    status: 'paid',
    providerTradeNo: tradeNo,
    createdAt: payment.createdAt,
    expiresAt: new Date(payment.createdAt.getTime() + 30 * 60 * 1000),
    finishedAt: payment.paidAt,
  });
  const body: SandboxNotificationBody = {
    merchant_no: merchantNo,
    trade_no: tradeNo,
    amount_fen: payment.amountFen,
    outcome: 'paid',
    occurred_at: payment.paidAt.toISOString(),
    notify_id: randomBytes(12).toString('hex'),
  };
  await db.insert(paymentNotifications).values({
    provider: SANDBOX_PROVIDER_NAME,
    merchantNo,
    providerTradeNo: tradeNo,
    outcome: 'paid',
    amountFen: payment.amountFen,
    body: JSON.stringify(body),
    result: 'applied',
    receivedAt: payment.paidAt,
  });
  return merchantNo;
}

/** The sandbox's record of a demo refund it made; returns its refund number. */
export async function recordDemoRefund(
  db: Database,
  refund: { merchantRefundNo: string; merchantNo: string; amountFen: number; reason: string; at: Date },
): Promise<string> {
  const refundNo = `R${refund.merchantRefundNo}`;
  await db.insert(sandboxRefunds).values({
    merchantRefundNo: refund.merchantRefundNo,
    merchantNo: refund.merchantNo,
    refundNo,
    amountFen: refund.amountFen,
    reason: refund.reason,
    createdAt: refund.at,
  });
  return refundNo;
}
