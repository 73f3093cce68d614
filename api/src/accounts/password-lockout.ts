import { and, count, eq, gt } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { learners, passwordFailures } from './accounts-schema';

/** Spec: 5 wrong passwords within 15 minutes refuse password login for 15 minutes. */
export const MAX_PASSWORD_FAILURES = 5;
export const PASSWORD_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const PASSWORD_LOCK_MS = 15 * 60 * 1000;

/** Whole minutes left (at least 1) while locked, else null. */
export function minutesLocked(lockedUntil: Date | null, now: Date): number | null {
  if (lockedUntil === null || lockedUntil.getTime() <= now.getTime()) return null;
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
}

/**
 * Records a wrong password; the fifth within the window locks password login and returns
 * the minutes locked (else null). The failures are then cleared, so after the lock a
 * learner has five tries again.
 */
export async function recordPasswordFailure(db: Database, clock: Clock, learnerId: number, ip: string): Promise<number | null> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx.insert(passwordFailures).values({ learnerId, ip, failedAt: now });
    const [row] = await tx
      .select({ n: count() })
      .from(passwordFailures)
      .where(and(eq(passwordFailures.learnerId, learnerId), gt(passwordFailures.failedAt, new Date(now.getTime() - PASSWORD_FAILURE_WINDOW_MS))));
    if ((row?.n ?? 0) >= MAX_PASSWORD_FAILURES) {
      await tx.update(learners).set({ passwordLockedUntil: new Date(now.getTime() + PASSWORD_LOCK_MS) }).where(eq(learners.id, learnerId));
      await tx.delete(passwordFailures).where(eq(passwordFailures.learnerId, learnerId));
      return PASSWORD_LOCK_MS / 60_000;
    }
    return null;
  });
}

export async function clearPasswordFailures(db: Database, learnerId: number): Promise<void> {
  await db.delete(passwordFailures).where(eq(passwordFailures.learnerId, learnerId));
}
