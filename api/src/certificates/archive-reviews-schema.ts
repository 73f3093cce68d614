import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { learners } from '../accounts/accounts-schema';

/**
 * 档案审核 (issue 20): the association's decision on a learner's completed study year. No row
 * means the review is pending; a failed review keeps its reason, which the learner reads.
 * A later decision replaces the row (an appeal that succeeds); the audit log keeps each one.
 */
export const archiveReviews = pgTable(
  'archive_reviews',
  {
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    status: text('status', { enum: ['passed', 'rejected'] }).notNull(),
    reason: text('reason'),
    /** The staff member's user name. */
    reviewedBy: text('reviewed_by').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.learnerId, table.year] }),
    check('archive_reviews_status', sql`${table.status} in ('passed', 'rejected')`),
    check('archive_reviews_reason', sql`(${table.status} = 'rejected') = (${table.reason} is not null)`),
  ],
);
