import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { learners } from '../accounts/accounts-schema';

/**
 * A learner's request to close their account (PIPL art. 47), from /myInfo; 学员管理 approves
 * or refuses it with a reason (personal-data/account-closure.ts). One pending request per
 * learner at a time. `decided_by` is copied (the staff member's user name), like the audit's actor.
 */
export const accountClosureRequests = pgTable(
  'account_closure_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id),
    status: text('status', { enum: ['pending', 'approved', 'refused', 'withdrawn'] }).notNull(),
    reason: text('reason').notNull().default(''),
    refuseReason: text('refuse_reason'),
    decidedBy: text('decided_by'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('account_closure_requests_learner_idx').on(table.learnerId, table.createdAt),
    index('account_closure_requests_status_idx').on(table.status, table.createdAt),
    uniqueIndex('account_closure_requests_one_pending')
      .on(table.learnerId)
      .where(sql`${table.status} = 'pending'`),
    check('account_closure_requests_status', sql`${table.status} in ('pending', 'approved', 'refused', 'withdrawn')`),
    check('account_closure_requests_refused', sql`(${table.status} = 'refused') = (${table.refuseReason} is not null)`),
  ],
);
