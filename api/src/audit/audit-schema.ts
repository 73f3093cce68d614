import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/**
 * The audit trail of staff actions (issue 18): who (user name and roles at the time), what
 * (action, target), the record before and after, from where and when. Written in the same
 * transaction as the change; the product has no call that edits or deletes a row. The
 * actor is copied, not referenced, so the record outlives the account.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id'),
    /** staff, command-line, release-token, job, gateway (contracts audit-fields.ts). */
    actorKind: text('actor_kind').notNull().default('staff'),
    /** A staff member's 姓名 at the time. */
    actorName: text('actor_name'),
    /** A staff member's 用户名, or the release token's, job's or gateway's name. */
    actor: text('actor').notNull(),
    roles: text('roles').array().notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_records_created_idx').on(table.createdAt),
    index('audit_records_actor_idx').on(table.actor, table.createdAt),
  ],
);
