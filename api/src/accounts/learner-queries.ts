import { eq } from 'drizzle-orm';
import type { LoginIdKind } from '@yaoshi/contracts/identity-rules';
import type { Database } from '../db/database';
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
  const [row] = await db.select().from(learners).where(eq(column, loginId.value)).limit(1);
  return row ?? null;
}

/** The learner a signed-in request belongs to; a session outliving its learner is an error. */
export async function requireLearner(db: Database, id: number): Promise<LearnerRow> {
  const learner = await findLearnerById(db, id);
  if (learner === null) throw new Error(`session of learner ${id}, who no longer exists`);
  return learner;
}
