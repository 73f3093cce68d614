import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditListRequest, AuditListResponse } from '@yaoshi/contracts/audit-log';
import type { AuditAction } from '@yaoshi/contracts/audit-actions';
import type { AuditActorKind } from '@yaoshi/contracts/audit-fields';
import type { StaffPrincipal } from '../auth/authenticator';
import type { Clock } from '../clock';
import { formatBeijingTime, parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import { rowsOf, type Database } from '../db/database';
import { auditRecords } from './audit-schema';

/**
 * Who acts: a staff member from a request (姓名 and 用户名), the command line (`npm run
 * admin`), a release token (by its name), a background job (系统任务, by the job's name) or
 * a payment gateway (its callback or what reconciliation learnt from it, by the gateway's name).
 */
export interface AuditActor {
  staffId: number | null;
  /** The staff member's 用户名, or the token's, job's or gateway's name. */
  username: string;
  roles: readonly string[];
  ip: string;
  /** Default `staff`. */
  kind?: AuditActorKind;
  /** A staff member's 姓名; looked up by `staffId` when not given. */
  name?: string | null;
}

export function actorOf(staff: StaffPrincipal, ip: string): AuditActor {
  return { staffId: staff.staffId, username: staff.username, roles: staff.roles, ip, kind: 'staff' };
}

/** A learner acting on their own personal data (face-photo consent, closure request), as the audit trail names them. */
export function learnerActor(learner: { name: string }, ip: string): AuditActor {
  return { staffId: null, username: `学员 ${learner.name}`, roles: ['学员'], ip };
}

/** `learnerActor` for a signed-in learner known by id (their 姓名 read in `db`, which may be the change's transaction). */
export async function learnerActorOf(db: Database, learnerId: number, ip: string): Promise<AuditActor> {
  // By name, not through the learners feature's schema, as `actorNameOf` reads staff_accounts.
  const [learner] = await rowsOf<{ name: string }>(db, sql`select name from learners where id = ${learnerId}`);
  return learnerActor({ name: learner?.name ?? '' }, ip);
}

/** The command line acts as the machine's operator. */
export const COMMAND_LINE_ACTOR: AuditActor = {
  staffId: null,
  username: '命令行',
  roles: [],
  ip: 'localhost',
  kind: 'command-line',
};

/** A release manager's token (RELEASE_TOKENS), named as it is there. */
export function releaseTokenActor(tokenName: string, ip: string): AuditActor {
  return { staffId: null, username: tokenName, roles: [], ip, kind: 'release-token' };
}

/** A background job (api/src/timed-work, the job queue): 系统任务 with the job's name. */
export function jobActor(jobName: string): AuditActor {
  return { staffId: null, username: jobName, roles: [], ip: 'localhost', kind: 'job' };
}

/** A payment gateway: its callback (`ip` its address) or its answer to a query or bill. */
export function gatewayActor(gatewayName: string, ip = 'localhost'): AuditActor {
  return { staffId: null, username: gatewayName, roles: [], ip, kind: 'gateway' };
}

export interface AuditEntry {
  /** e.g. `staff.create`, `refund.approve`: one of the named actions, each with its label (contracts audit-actions.ts). */
  action: AuditAction;
  /** What was changed, as people search for it: a user name, an ID number, an order number. */
  target: string;
  before?: unknown;
  after?: unknown;
}

/** Writes one record in `tx`, the transaction of the change it describes. */
/** The actor's 姓名 as a person reads it: given, or a staff member's looked up by `staffId`; null for others. */
export async function actorNameOf(tx: Database, actor: AuditActor): Promise<string | null> {
  if (actor.name != null || actor.staffId === null) return actor.name ?? null;
  // By name, not through the staff feature's schema: the staff feature writes its changes
  // through this module, and features import each other one way only.
  const [staff] = await rowsOf<{ name: string }>(tx, sql`select name from staff_accounts where id = ${actor.staffId}`);
  return staff?.name ?? null;
}

export async function writeAudit(tx: Database, clock: Clock, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const name = await actorNameOf(tx, actor);
  await tx.insert(auditRecords).values({
    staffId: actor.staffId,
    actorKind: actor.kind ?? 'staff',
    actorName: name,
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
  if (query.actor) {
    // 用户名 as typed, or part of a 姓名, a token's, job's or gateway's name.
    const pattern = `%${escapeLike(query.actor)}%`;
    const either = or(
      eq(auditRecords.actor, query.actor),
      ilike(auditRecords.actor, pattern),
      ilike(auditRecords.actorName, pattern),
    );
    if (either) conditions.push(either);
  }
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
      actor_kind: row.actorKind as AuditActorKind,
      actor_name: row.actorName,
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
