import { randomInt } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { NewLearner } from '@yaoshi/contracts/learner-admin';
import { initialPasswordOf } from '@yaoshi/contracts/identity-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { learners, sessions } from '../accounts/accounts-schema';
import { clearPasswordFailures } from '../accounts/password-lockout';
import { hashPassword } from '../accounts/passwords';
import { INITIAL_PASSWORD_MARK } from '../accounts/initial-password';
import { revokeOtherSessions } from '../accounts/sessions';
import type { Audit } from '../audit/audit-log';

/**
 * 学员管理's changes to learners (issue 18). Each runs in the caller's audited transaction
 * (`auditedChange`) and writes its audit record there. Learners are named in the trail by
 * ID number, the id people search for.
 */

type LearnerRow = typeof learners.$inferSelect;

async function lockedLearner(tx: Database, id: number): Promise<LearnerRow> {
  const [learner] = await tx.select().from(learners).where(eq(learners.id, id)).for('update').limit(1);
  if (!learner) throw notFound(MESSAGES.learnerNotFound);
  return learner;
}

export interface NewLearnerRecord {
  name: string;
  idcard: string;
  phone: string;
  certification_type: number;
  company?: string | undefined;
}

/** Inserts learners whose ID number and phone are free; the initial password is the spec's (last 6 of the ID number, INITIAL_PASSWORD_MARK). */
export async function insertNewLearners(
  tx: Database,
  clock: Clock,
  rows: readonly NewLearnerRecord[],
): Promise<{ id: number; idNumber: string }[]> {
  const now = clock.now();
  const values = rows.map((row) => ({
    name: row.name,
    idNumber: row.idcard,
    phone: row.phone,
    certificationType: row.certification_type,
    company: row.company ?? '',
    passwordHash: INITIAL_PASSWORD_MARK,
    createdAt: now,
    updatedAt: now,
  }));
  const inserted: { id: number; idNumber: string }[] = [];
  for (let i = 0; i < values.length; i += 500) {
    inserted.push(
      ...(await tx
        .insert(learners)
        .values(values.slice(i, i + 500))
        .returning({ id: learners.id, idNumber: learners.idNumber })),
    );
  }
  return inserted;
}

/** The ID numbers and phones among these that an account already uses. */
export async function takenLoginIds(
  db: Database,
  idNumbers: readonly string[],
  phones: readonly string[],
): Promise<{ idNumbers: Set<string>; phones: Set<string> }> {
  const taken = { idNumbers: new Set<string>(), phones: new Set<string>() };
  const chunk = 1000;
  for (let i = 0; i < Math.max(idNumbers.length, phones.length); i += chunk) {
    const ids = idNumbers.slice(i, i + chunk);
    const ph = phones.slice(i, i + chunk);
    const rows = await db
      .select({ idNumber: learners.idNumber, phone: learners.phone })
      .from(learners)
      .where(
        or(
          ids.length > 0 ? inArray(learners.idNumber, ids) : undefined,
          ph.length > 0 ? inArray(learners.phone, ph) : undefined,
        ),
      );
    const idSet = new Set(ids);
    const phoneSet = new Set(ph);
    for (const row of rows) {
      if (idSet.has(row.idNumber)) taken.idNumbers.add(row.idNumber);
      if (phoneSet.has(row.phone)) taken.phones.add(row.phone);
    }
  }
  return taken;
}

export async function createLearner(
  tx: Database,
  clock: Clock,
  audit: Audit,
  learner: NewLearner & { idcard: string },
): Promise<{ id: number; initial_password: string }> {
  const [clash] = await tx
    .select({ idNumber: learners.idNumber, phone: learners.phone })
    .from(learners)
    .where(or(eq(learners.idNumber, learner.idcard), eq(learners.phone, learner.phone)))
    .limit(1);
  if (clash)
    throw conflict(clash.idNumber === learner.idcard ? MESSAGES.learnerIdNumberTaken : MESSAGES.learnerPhoneTaken);
  const [row] = await insertNewLearners(tx, clock, [learner]);
  if (!row) throw new Error('learner not created');
  await audit({
    action: 'learner.create',
    target: learner.idcard,
    after: {
      name: learner.name,
      idcard: learner.idcard,
      phone: learner.phone,
      certification_type: learner.certification_type,
      company: learner.company ?? '',
    },
  });
  return { id: row.id, initial_password: initialPasswordOf(learner.idcard) };
}

/** 8 characters without look-alikes; the learner must replace it after logging in. */
function temporaryPassword(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  let password = '';
  for (let i = 0; i < 8; i += 1) password += alphabet[randomInt(alphabet.length)];
  return password;
}

export async function resetLearnerPassword(
  tx: Database,
  clock: Clock,
  audit: Audit,
  id: number,
): Promise<{ password: string }> {
  const learner = await lockedLearner(tx, id);
  const password = temporaryPassword();
  await tx
    .update(learners)
    .set({
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      passwordLockedUntil: null,
      updatedAt: clock.now(),
    })
    .where(eq(learners.id, id));
  await clearPasswordFailures(tx, id);
  await revokeOtherSessions(tx, clock, id, null);
  await audit({
    action: 'learner.reset-password',
    target: learner.idNumber,
    before: { must_change_password: learner.mustChangePassword },
    after: { must_change_password: true },
  });
  return { password };
}

export async function unlockLearner(tx: Database, clock: Clock, audit: Audit, id: number): Promise<void> {
  const learner = await lockedLearner(tx, id);
  await tx.update(learners).set({ passwordLockedUntil: null, updatedAt: clock.now() }).where(eq(learners.id, id));
  await clearPasswordFailures(tx, id);
  await audit({
    action: 'learner.unlock',
    target: learner.idNumber,
    before: { locked_until: learner.passwordLockedUntil?.toISOString() ?? null },
    after: { locked_until: null },
  });
}

export async function setLearnerDisabled(
  tx: Database,
  clock: Clock,
  audit: Audit,
  id: number,
  disabled: boolean,
): Promise<void> {
  const learner = await lockedLearner(tx, id);
  const now = clock.now();
  await tx
    .update(learners)
    .set({ disabledAt: disabled ? (learner.disabledAt ?? now) : null, updatedAt: now })
    .where(eq(learners.id, id));
  if (disabled) await revokeOtherSessions(tx, clock, id, null);
  await audit({
    action: disabled ? 'learner.disable' : 'learner.enable',
    target: learner.idNumber,
    before: { disabled: learner.disabledAt !== null },
    after: { disabled },
  });
}

export async function liveSessionCount(db: Database, clock: Clock, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.learnerId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())));
  return Number(row?.n ?? 0);
}

export async function endLearnerSessions(
  tx: Database,
  clock: Clock,
  audit: Audit,
  id: number,
): Promise<{ ended: number }> {
  const learner = await lockedLearner(tx, id);
  const ended = await liveSessionCount(tx, clock, id);
  await revokeOtherSessions(tx, clock, id, null);
  await audit({
    action: 'learner.end-sessions',
    target: learner.idNumber,
    before: { live_sessions: ended },
    after: { live_sessions: 0 },
  });
  return { ended };
}
