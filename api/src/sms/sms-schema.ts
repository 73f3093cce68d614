import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every SMS code sent, for any phone (registered or not): the rows are both the codes to
 * check and the history the sending limits count.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    ip: text('ip').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('sms_codes_phone_idx').on(table.phone, table.sentAt),
    index('sms_codes_ip_idx').on(table.ip, table.sentAt),
    check('sms_codes_code_format', sql`${table.code} ~ '^[0-9]{6}$'`),
  ],
);

/** What the development SMS provider "sent", read back at GET /dev/sms-outbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('sms_outbox_phone_idx').on(table.phone, table.sentAt)],
);
