import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns every table writes the same way. Times are `timestamptz` written from the server's
 * clock, never from `now()` in SQL, so tests that move the clock see consistent rows.
 */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull();
