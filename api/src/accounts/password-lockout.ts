import { and, count, eq, gt } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { learners, passwordFailures } from './accounts-schema';

/** Spec: 5 wrong passwords within 15 minutes refuse password login for 15 minutes. */
export const MAX_PASSWORD_FAILURES = 5;
export const PASSWORD_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const PASSWORD_LOCK_MS = 15 * 60 * 1000;
export const PASSWORD_LOCK_MINUTES = PASSWORD_LOCK_MS / 60_000;

/** Whole minutes left (at least 1) while locked, else null. */
export function minutesLocked(lockedUntil: Date | null, now: Date): number | null {
  if (lockedUntil === null || lockedUntil.getTime() <= now.getTime()) return null;
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
}

/** Either a reserved attempt (its failure row) or the minutes password login stays refused. */
export type PasswordAttempt = { attemptId: number } | { lockedMinutes: number };

/**
 * Claims the right to check one password, atomically: under a lock on the learner's row,
 * a locked account is refused, and so is an attempt when MAX_PASSWORD_FAILURES attempts
 * in the window are already failed or still being checked. Otherwise the attempt is
 * recorded as a failure before the (slow) check, so however many arrive at once, at most
 * MAX_PASSWORD_FAILURES passwords are ever checked before the lock.
 */
export async function reservePasswordAttempt(
  db: Database,
  clock: Clock,
  learnerId: number,
  ip: string,
): Promise<PasswordAttempt> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [learner] = await tx
      .select({ lockedUntil: learners.passwordLockedUntil })
      .from(learners)
      .where(eq(learners.id, learnerId))
      .for('update');
    const locked = minutesLocked(learner?.lockedUntil ?? null, now);
    if (locked !== null) return { lockedMinutes: locked };
    const [row] = await tx
      .select({ n: count() })
      .from(passwordFailures)
      .where(
        and(
          eq(passwordFailures.learnerId, learnerId),
          gt(passwordFailures.failedAt, new Date(now.getTime() - PASSWORD_FAILURE_WINDOW_MS)),
        ),
      );
    if ((row?.n ?? 0) >= MAX_PASSWORD_FAILURES) return { lockedMinutes: PASSWORD_LOCK_MINUTES };
    const [attempt] = await tx
      .insert(passwordFailures)
      .values({ learnerId, ip, failedAt: now })
      .returning({ id: passwordFailures.id });
    return { attemptId: attempt!.id };
  });
}

/**
 * A reserved attempt's password was wrong: it stays counted, and when it makes
 * MAX_PASSWORD_FAILURES within the window, password login is locked (returns the minutes)
 * and the failures are cleared, so after the lock a learner has five tries again.
 */
export async function recordPasswordFailure(db: Database, clock: Clock, learnerId: number): Promise<number | null> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [learner] = await tx
      .select({ lockedUntil: learners.passwordLockedUntil })
      .from(learners)
      .where(eq(learners.id, learnerId))
      .for('update');
    const locked = minutesLocked(learner?.lockedUntil ?? null, now);
    if (locked !== null) return locked;
    const [row] = await tx
      .select({ n: count() })
      .from(passwordFailures)
      .where(
        and(
          eq(passwordFailures.learnerId, learnerId),
          gt(passwordFailures.failedAt, new Date(now.getTime() - PASSWORD_FAILURE_WINDOW_MS)),
        ),
      );
    if ((row?.n ?? 0) < MAX_PASSWORD_FAILURES) return null;
    await tx
      .update(learners)
      .set({ passwordLockedUntil: new Date(now.getTime() + PASSWORD_LOCK_MS) })
      .where(eq(learners.id, learnerId));
    await tx.delete(passwordFailures).where(eq(passwordFailures.learnerId, learnerId));
    return PASSWORD_LOCK_MINUTES;
  });
}

/**
 * A reserved attempt's password was right. Unless a concurrent attempt locked the account
 * meanwhile (then the minutes locked are returned and nobody signs in), the failures are
 * cleared and null is returned.
 */
export async function recordPasswordSuccess(db: Database, clock: Clock, learnerId: number): Promise<number | null> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [learner] = await tx
      .select({ lockedUntil: learners.passwordLockedUntil })
      .from(learners)
      .where(eq(learners.id, learnerId))
      .for('update');
    const locked = minutesLocked(learner?.lockedUntil ?? null, now);
    if (locked !== null) return locked;
    await tx.delete(passwordFailures).where(eq(passwordFailures.learnerId, learnerId));
    return null;
  });
}

export async function clearPasswordFailures(db: Database, learnerId: number): Promise<void> {
  await db.delete(passwordFailures).where(eq(passwordFailures.learnerId, learnerId));
}
