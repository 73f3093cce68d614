import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';
import { learners } from '../accounts/accounts-schema';

export const REMINDER_RECIPIENT_STATUSES = [
  'pending',
  'sent',
  'failed',
  'skipped-opted-out',
  'skipped-no-address',
] as const;
export type ReminderRecipientStatus = (typeof REMINDER_RECIPIENT_STATUSES)[number];

/** One year-end reminder sent by staff (issue 37): who chose whom, by which channel, and how it went. */
export const reminderCampaigns = pgTable(
  'reminder_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    year: integer('year').notNull(),
    /** The filter as chosen: at least this many tenths of an hour missing (null: any shortfall). */
    minMissingTenths: integer('min_missing_tenths'),
    company: text('company').notNull().default(''),
    channel: text('channel', { enum: ['sms', 'mail'] }).notNull(),
    status: text('status', { enum: ['sending', 'done'] })
      .notNull()
      .default('sending'),
    createdByStaffId: integer('created_by_staff_id'),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('reminder_campaigns_channel', sql`${table.channel} in ('sms', 'mail')`),
    check('reminder_campaigns_status', sql`${table.status} in ('sending', 'done')`),
  ],
);

/** Each learner a campaign chose, once (the primary key): the row is both the throttle's work and the counts. */
export const reminderRecipients = pgTable(
  'reminder_recipients',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => reminderCampaigns.id, { onDelete: 'cascade' }),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    missingTenths: integer('missing_tenths').notNull(),
    earnedTenths: integer('earned_tenths').notNull(),
    status: text('status', { enum: REMINDER_RECIPIENT_STATUSES }).notNull().default('pending'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.learnerId] }),
    index('reminder_recipients_pending_idx').on(table.campaignId, table.status),
  ],
);

/** Learners who do not want year-end reminders (个人信息, or the link in a reminder mail). */
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  learnerId: integer('learner_id')
    .primaryKey()
    .references(() => learners.id, { onDelete: 'cascade' }),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true, mode: 'date' }).notNull(),
});
