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
    /**
     * Issue 37: the request's serial number, sent to the e-invoice provider as its order number
     * (诺诺 `orderNo`): the idempotency key of every submission and retry. Set when 财务 approves.
     */
    serialNo: text('serial_no').unique(),
    /** Which provider issues it (`INVOICE_PROVIDER` at approval): sandbox or nuonuo. */
    provider: text('provider'),
    /** The provider's own serial number of the submission (诺诺 invoiceSerialNum). */
    providerSerial: text('provider_serial'),
    /** 发票代码 (empty for 数电 invoices, which have a number only). */
    invoiceCode: text('invoice_code'),
    /** The tax inside `amountFen`, as the provider computed it. */
    taxFen: integer('tax_fen'),
    pdfUrl: text('pdf_url'),
    ofdUrl: text('ofd_url'),
    /** The issued PDF, copied into our storage (src/storage). */
    pdfKey: text('pdf_key'),
    /** The provider's words when it refused or could not be reached; 财务 may retry. Null otherwise. */
    providerError: text('provider_error'),
    /** Red-letter (红冲) after a staff refund: null, `red_lettering` or `red_lettered`. */
    redStatus: text('red_status', { enum: ['red_lettering', 'red_lettered'] }),
    redSerialNo: text('red_serial_no').unique(),
    redInvoiceNo: text('red_invoice_no'),
    redError: text('red_error'),
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
    check(
      'invoice_requests_red_status',
      sql`${table.redStatus} is null or (${table.redStatus} in ('red_lettering', 'red_lettered') and ${table.status} = 'issued')`,
    ),
  ],
);
