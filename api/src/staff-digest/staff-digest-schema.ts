import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffAccounts } from '../staff/staff-schema';

/** Staff who asked for the 每日待办 mail (their own account page), and where to (issue 37). */
export const staffDigestSettings = pgTable('staff_digest_settings', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
