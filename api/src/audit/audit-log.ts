import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditListRequest, AuditListResponse } from '@yaoshi/contracts/admin';
import type { AuditAction } from '@yaoshi/contracts/audit-actions';
import type { StaffPrincipal } from '../auth/authenticator';
import type { Clock } from '../clock';
import { formatBeijingTime, parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { auditRecords } from './audit-schema';

/** Who acts: a staff member from a request, or the command line (`npm run admin`). */
export interface AuditActor {
  staffId: number | null;
  username: string;
  roles: readonly string[];
  ip: string;
}

export function actorOf(staff: StaffPrincipal, ip: string): AuditActor {
  return { staffId: staff.staffId, username: staff.username, roles: staff.roles, ip };
}

/** The command line acts as the machine's operator. */
export const COMMAND_LINE_ACTOR: AuditActor = { staffId: null, username: '命令行', roles: [], ip: 'localhost' };

export interface AuditEntry {
  /** e.g. `staff.create`, `refund.approve`: one of the named actions, each with its label (contracts audit-actions.ts). */
  action: AuditAction;
  /** What was changed, as people search for it: a user name, an ID number, an order number. */
  target: string;
  before?: unknown;
  after?: unknown;
}

/** Writes one record in `tx`, the transaction of the change it describes. */
export async function writeAudit(tx: Database, clock: Clock, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditRecords).values({
    staffId: actor.staffId,
    actor: actor.username,
    roles: [...actor.roles],
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
    createdAt: clock.now(),
  });
}

export type Audit = (entry: AuditEntry) => Promise<void>;

/**
 * Runs a staff change in one transaction with its audit record: `change` gets the
 * transaction and an `audit` function writing into it. A change that writes no record is
 * a bug and is rolled back, so no change commits unaudited.
 */
export async function auditedChange<T>(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  change: (tx: Database, audit: Audit) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    let written = 0;
    const result = await change(tx, async (entry) => {
      await writeAudit(tx, clock, actor, entry);
      written += 1;
    });
    if (written === 0) throw new Error('a staff change wrote no audit record');
    return result;
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Newest first, filtered; days are Beijing days. */
export async function listAudit(
  db: Database,
  query: AuditListRequest & { page: number; size: number },
): Promise<AuditListResponse> {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(eq(auditRecords.actor, query.actor));
  if (query.action) conditions.push(eq(auditRecords.action, query.action));
  if (query.target) conditions.push(ilike(auditRecords.target, `%${escapeLike(query.target)}%`));
  if (query.from) conditions.push(gte(auditRecords.createdAt, parseBeijingTime(`${query.from} 00:00:00`)));
  if (query.to)
    conditions.push(lt(auditRecords.createdAt, new Date(parseBeijingTime(`${query.to} 00:00:00`).getTime() + DAY_MS)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(auditRecords).where(where);
  // The cursor: rows after the given one in (created_at, id) descending order; no offset.
  const cursor = query.before_id;
  const after =
    cursor === undefined
      ? undefined
      : sql`(${auditRecords.createdAt}, ${auditRecords.id}) < (select c.created_at, c.id from ${auditRecords} c where c.id = ${cursor})`;
  const rows = await db
    .select()
    .from(auditRecords)
    .where(and(where, after))
    .orderBy(desc(auditRecords.createdAt), desc(auditRecords.id))
    .limit(query.size)
    .offset(cursor === undefined ? (query.page - 1) * query.size : 0);
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((row) => ({
      id: row.id,
      time: formatBeijingTime(row.createdAt),
      actor: row.actor,
      roles: row.roles,
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
      ip: row.ip,
    })),
  };
}

/** `%` and `_` typed in a filter are meant literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}
