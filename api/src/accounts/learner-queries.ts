import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LoginIdKind } from '@yaoshi/contracts/identity-rules';
import type { Database } from '../db/database';
import { batchedStatement } from '../db/statement-batcher';
import { learners } from './accounts-schema';

export type LearnerRow = typeof learners.$inferSelect;

export async function findLearnerById(db: Database, id: number): Promise<LearnerRow | null> {
  const [row] = await db.select().from(learners).where(eq(learners.id, id)).limit(1);
  return row ?? null;
}

export async function findLearnerByPhone(db: Database, phone: string): Promise<LearnerRow | null> {
  const [row] = await db.select().from(learners).where(eq(learners.phone, phone)).limit(1);
  return row ?? null;
}

/** By a login id already classified and normalized (18-digit, upper-case X). */
export async function findLearnerByLoginId(
  db: Database,
  loginId: { kind: LoginIdKind; value: string },
): Promise<LearnerRow | null> {
  const column = loginId.kind === 'phone' ? learners.phone : learners.idNumber;
  // A closed account keeps its ID number with its records but never logs in again.
  const [row] = await db
    .select()
    .from(learners)
    .where(and(eq(column, loginId.value), isNull(learners.closedAt)))
    .limit(1);
  return row ?? null;
}

/** A session outliving its learner is an error, not a refusal. */
function existing(id: number, learner: LearnerRow | null): LearnerRow {
  if (learner === null) throw new Error(`session of learner ${id}, who no longer exists`);
  return learner;
}

/** The learner a signed-in request belongs to. */
export async function requireLearner(db: Database, id: number): Promise<LearnerRow> {
  return existing(id, await findLearnerById(db, id));
}

/**
 * `requireLearner` for the root database (never a transaction), for the endpoints that
 * read the signed-in learner's row: one prepared statement for every such request
 * arriving together (db/statement-batcher.ts), as the pipeline's own gate does, instead of
 * a query built and sent per request. Made once per application.
 */
export function learnerReader(db: Database): (id: number) => Promise<LearnerRow> {
  const byIds = db
    .select()
    .from(learners)
    .where(sql`${learners.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('learners_by_id');
  const read = batchedStatement<number, LearnerRow | null>(async (ids) => {
    const rows = await byIds.execute({ ids: `{${[...new Set(ids)].join(',')}}` });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });
  return async (id) => existing(id, await read(id));
}
