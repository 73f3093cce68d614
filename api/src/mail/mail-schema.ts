import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';

/** `bounced`: the server took it, the learner's mailbox did not (a DSN read by the mail-bounces job). */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'bounced'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** What a mail is, which also says what `aboutId` refers to (an invoice request, a refund request …). */
export const MAIL_KINDS = ['invoice', 'refund-result', 'staff-digest', 'year-end-reminder'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Every mail the site sends, one row each (issue 37): queued in the transaction of the change
 * it tells about, sent by the `mail-send` job with retries; a refusal or bounce stays here
 * (`lastError`) for 财务 to see on the invoice.
 */
export const mails = pgTable(
  'mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The row it is about: invoice_requests.id, refund_requests.id, reminder_campaigns.id, staff_accounts.id. */
    aboutId: integer('about_id').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('mails_due_idx').on(table.status, table.nextAttemptAt),
    index('mails_about_idx').on(table.kind, table.aboutId, table.createdAt.desc()),
    check('mails_status', sql`${table.status} in ('queued', 'sent', 'failed', 'bounced')`),
  ],
);

/** What the development mail transport "sent", read back at GET /dev/mail-outbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** File names of the attachments, comma-separated (the files themselves are not kept). */
    attachments: text('attachments').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('mail_outbox_recipient_idx').on(table.recipient, table.sentAt)],
);
