import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// ── The request envelope ──────────────────────────────────────────────────────────────

/**
 * Nonces of accepted signed requests. The primary key makes a replay fail even when the
 * two copies of a request reach two different server processes at the same moment.
 * A row is useless once its request's timestamp has left the accepted window, so rows
 * carry their own expiry and are deleted after it.
 */
export const requestNonces = pgTable(
  'request_nonces',
  {
    appId: text('app_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.appId, table.nonce] }),
    index('request_nonces_expires_idx').on(table.expiresAt),
  ],
);
