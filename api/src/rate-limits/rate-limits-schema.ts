import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hits per fixed time window for the request limits (rate-limits.ts): one row per action,
 * subject (a client IP, a learner) and window, counted with an upsert so that every
 * server on one database shares the count.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.action, table.subject, table.windowStart] }),
    index('rate_counters_window_idx').on(table.windowStart),
  ],
);
