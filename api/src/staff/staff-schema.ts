import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';

// ── Staff: the association's people who operate the platform (issue 18) ──────────────

/**
 * A staff account, separate from learners: its own table, sessions and tokens, so a
 * learner's token never opens a staff endpoint and the other way round. Roles are names
 * from `STAFF_ROLES` (@yaoshi/contracts/staff-roles); their permissions are code.
 */
export const staffAccounts = pgTable('staff_accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** Base32 TOTP secret (RFC 6238). */
  totpSecret: text('totp_secret').notNull(),
  /** The last TOTP time step accepted, so a code is never accepted twice. */
  lastTotpStep: integer('last_totp_step'),
  roles: text('roles').array().notNull(),
  /** Login refused until then (5 wrong attempts in 15 minutes, as for learners). */
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
  /**
   * Set when the password was generated (a new account): the console opens nothing but 修改密码
   * until its owner chooses one of their own.
   */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A staff login: token stored as SHA-256 only; ends after 30 minutes idle or 12 hours. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/** Failed staff logins, per account (lockout) and per address (limit); null staff = unknown user name. */
export const staffLoginFailures = pgTable(
  'staff_login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('staff_login_failures_staff_idx').on(table.staffId, table.failedAt),
    index('staff_login_failures_ip_idx').on(table.ip, table.failedAt),
  ],
);
