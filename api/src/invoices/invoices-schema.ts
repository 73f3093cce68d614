import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';
import { learners } from '../accounts/accounts-schema';
import { orders } from '../orders/orders-schema';

export const INVOICE_REQUEST_STATUSES = ['reviewing', 'issuing', 'issued', 'failed'] as const;
export type InvoiceRequestStatus = (typeof INVOICE_REQUEST_STATUSES)[number];

/** An electronic invoice request with every field of spec 02 §3. */
export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    /** 1 增值税电子普通发票, the one type offered. */
    invoiceKind: smallint('invoice_kind').notNull().default(1),
    /** 1 personal, 2 enterprise (the form's `type`). */
    titleType: smallint('title_type').notNull(),
    invoiceTitle: text('invoice_title').notNull(),
    /** Enterprise titles only. */
    taxNumber: text('tax_number'),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    remark: text('remark').notNull().default(''),
    invoiceDetail: text('invoice_detail').notNull().default(''),
    /** The amount invoiced: the order's price. */
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: INVOICE_REQUEST_STATUSES }).notNull().default('reviewing'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }),
    /** The invoice number, recorded when 财务 issues it (issue 18). */
    invoiceNo: text('invoice_no').unique(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('invoice_requests_open_idx')
      .on(table.orderId)
      .where(sql`${table.status} in ('reviewing', 'issuing')`),
    index('invoice_requests_order_idx').on(table.orderId, table.createdAt.desc()),
    check('invoice_requests_status', sql`${table.status} in ('reviewing', 'issuing', 'issued', 'failed')`),
    check('invoice_requests_kind', sql`${table.invoiceKind} = 1`),
    check('invoice_requests_title_type', sql`${table.titleType} in (1, 2)`),
    check(
      'invoice_requests_enterprise_title',
      sql`${table.titleType} = 1 or (length(${table.invoiceTitle}) > 0 and ${table.taxNumber} is not null)`,
    ),
    check('invoice_requests_phone', sql`${table.phone} ~ '^1[34578][0-9]{9}$'`),
    check('invoice_requests_amount', sql`${table.amountFen} >= 0`),
  ],
);
