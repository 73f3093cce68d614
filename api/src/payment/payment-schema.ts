import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** When a server last asked the gateway about it while waiting for its notification. */
    queriedAt: timestamp('queried_at', { withTimezone: true, mode: 'date' }),
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

export const PAYMENT_REFUND_KINDS = ['late'] as const;
export const PAYMENT_REFUND_STATES = ['sending', 'accepted', 'refunded', 'failed'] as const;
export type PaymentRefundState = (typeof PAYMENT_REFUND_STATES)[number];

/**
 * Money the server gave back on its own: a payment that arrived for an order that could no
 * longer be paid (late, superseded, cancelled) is refunded automatically. `sending` until
 * the gateway answers (retried by the reconciliation job), `accepted` when it took the
 * refund, `refunded` once its refund notification confirms, `failed` when it refused
 * (finance refunds by hand). Finance sees every row (财务 → 对账).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    merchantRefundNo: text('merchant_refund_no').primaryKey(),
    merchantNo: text('merchant_no')
      .notNull()
      .references(() => paymentAttempts.merchantNo),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: PAYMENT_REFUND_KINDS }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: PAYMENT_REFUND_STATES }).notNull().default('sending'),
    providerRefundNo: text('provider_refund_no'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('payment_refunds_created_idx').on(table.createdAt),
    check('payment_refunds_state', sql`${table.state} in ('sending', 'accepted', 'refunded', 'failed')`),
    check('payment_refunds_amount', sql`${table.amountFen} > 0`),
  ],
);

export const BILL_DIFFERENCE_KINDS = ['money_without_order', 'paid_without_money', 'amount_differs'] as const;
export type BillDifferenceKind = (typeof BILL_DIFFERENCE_KINDS)[number];

/** One comparison of a gateway's daily bill with our records; run again, it replaces its differences. */
export const billReconciliations = pgTable(
  'bill_reconciliations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    /** The Beijing calendar day of the bill, YYYY-MM-DD. */
    day: text('day').notNull(),
    billPayments: integer('bill_payments').notNull(),
    billRefunds: integer('bill_refunds').notNull(),
    differences: integer('differences').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [uniqueIndex('bill_reconciliations_provider_day').on(table.provider, table.day)],
);

export const billDifferences = pgTable(
  'bill_differences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reconciliationId: integer('reconciliation_id')
      .notNull()
      .references(() => billReconciliations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BILL_DIFFERENCE_KINDS }).notNull(),
    merchantNo: text('merchant_no').notNull(),
    orderNo: text('order_no'),
    providerTradeNo: text('provider_trade_no'),
    billAmountFen: integer('bill_amount_fen'),
    ourAmountFen: integer('our_amount_fen'),
  },
  (table) => [
    index('bill_differences_reconciliation_idx').on(table.reconciliationId),
    check(
      'bill_differences_kind',
      sql`${table.kind} in ('money_without_order', 'paid_without_money', 'amount_differs')`,
    ),
  ],
);
