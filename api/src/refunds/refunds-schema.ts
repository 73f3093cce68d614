import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';
import { learners } from '../accounts/accounts-schema';
import { orders } from '../orders/orders-schema';

// ── Refund and invoice requests (spec 02 §3–§5; spec 01 §4 payment notes) ───────────────
//
// What a learner asked for on /requestRefund and /requestInvoice, and what became of it.
// The order's own `refund_status` / `is_receipt` columns stay the state the table shows
// (moved only through the order state machine, shared/contracts/src/order-states.ts);
// these rows keep the request's details and history. At most one open request of each
// kind per order (partial unique indexes): a concurrent double submission cannot make two.

export const REFUND_REQUEST_STATUSES = ['reviewing', 'refunding', 'refunded', 'failed', 'rejected'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

export const refundRequests = pgTable(
  'refund_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The amount to give back: the order's price when it was requested. */
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: REFUND_REQUEST_STATUSES }).notNull().default('reviewing'),
    /** The provider's number for the refund (ours is derived from `id`: merchantRefundNoOf). */
    providerRefundNo: text('provider_refund_no'),
    /** Why staff rejected it or the provider refused it. */
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('refund_requests_open_idx')
      .on(table.orderId)
      .where(sql`${table.status} in ('reviewing', 'refunding')`),
    index('refund_requests_order_idx').on(table.orderId, table.createdAt.desc()),
    check(
      'refund_requests_status',
      sql`${table.status} in ('reviewing', 'refunding', 'refunded', 'failed', 'rejected')`,
    ),
    check('refund_requests_amount', sql`${table.amountFen} >= 0`),
    check('refund_requests_reason', sql`length(${table.reason}) between 1 and 200`),
  ],
);
