import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { orders } from '../orders/orders-schema';

export const PAYMENT_ATTEMPT_STATUSES = ['open', 'paid', 'failed', 'closed', 'refunded'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/**
 * One request to the gateway to take an order's money. Only an order's newest attempt can
 * pay it; money arriving on an older or closed attempt is refunded, never enrolled.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Sent to the gateway: the order number plus a two-digit attempt sequence. */
    merchantNo: text('merchant_no').notNull().unique(),
    provider: text('provider').notNull(),
    payType: smallint('pay_type').notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default('open'),
    providerTradeNo: text('provider_trade_no'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('payment_attempts_order_idx').on(table.orderId, table.id),
    check('payment_attempts_merchant_no_digits', sql`${table.merchantNo} ~ '^[0-9]{1,32}$'`),
    check('payment_attempts_status', sql`${table.status} in ('open', 'paid', 'failed', 'closed', 'refunded')`),
    check('payment_attempts_pay_type', sql`${table.payType} in (2, 3)`),
    check('payment_attempts_amount', sql`${table.amountFen} >= 0`),
  ],
);

/** Every notification that reached the notify endpoint, verified or not, and what we did with it. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    merchantNo: text('merchant_no'),
    providerTradeNo: text('provider_trade_no'),
    outcome: text('outcome'),
    amountFen: integer('amount_fen'),
    /** The exact body received (capped), for audit. */
    body: text('body').notNull(),
    /** applied | duplicate | refunded_late | failed_recorded | bad_signature | unknown_order | amount_mismatch | ignored */
    result: text('result').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('payment_notifications_merchant_idx').on(table.merchantNo)],
);

export const SANDBOX_PAYMENT_STATES = ['pending', 'paid', 'failed', 'closed'] as const;
export type SandboxPaymentState = (typeof SANDBOX_PAYMENT_STATES)[number];

/** The sandbox gateway's record of a payment it was asked to take. */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    merchantNo: text('merchant_no').primaryKey(),
    /** The unguessable part of the QR / checkout address. */
    token: text('token').notNull().unique(),
    amountFen: integer('amount_fen').notNull(),
    description: text('description').notNull(),
    payType: smallint('pay_type').notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    state: text('state', { enum: SANDBOX_PAYMENT_STATES }).notNull().default('pending'),
    tradeNo: text('trade_no'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [check('sandbox_payments_state', sql`${table.state} in ('pending', 'paid', 'failed', 'closed')`)],
);

/** The sandbox gateway's refunds; one per merchant refund number, so a retried refund refunds once. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  merchantRefundNo: text('merchant_refund_no').primaryKey(),
  merchantNo: text('merchant_no')
    .notNull()
    .references(() => sandboxPayments.merchantNo),
  refundNo: text('refund_no').notNull(),
  amountFen: integer('amount_fen').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});
