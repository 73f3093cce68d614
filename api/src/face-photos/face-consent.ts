import { eq } from 'drizzle-orm';
import type { FaceConsentState } from '@yaoshi/contracts/personal-data';
import { FACE_CONSENT_VERSION, PERSONAL_DATA_MESSAGES as M } from '@yaoshi/contracts/personal-data-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { conflict } from '../envelope/api-error';
import { learners } from '../accounts/accounts-schema';
import { learnerActor, writeAudit } from '../audit/audit-log';

type ConsentFields = Pick<typeof learners.$inferSelect, 'faceConsentVersion' | 'faceConsentAt'>;

/** Whether the learner agreed to the face-photo rules in force. */
export function hasFaceConsent(learner: ConsentFields): boolean {
  return learner.faceConsentVersion === FACE_CONSENT_VERSION && learner.faceConsentAt !== null;
}

/** Refuses a face collection photo before the learner's separate consent (PIPL art. 29). */
export function requireFaceConsent(learner: ConsentFields): void {
  if (!hasFaceConsent(learner)) throw conflict(M.consentRequired);
}

export function faceConsentStateOf(learner: ConsentFields, retentionDays: number): FaceConsentState {
  return {
    version: FACE_CONSENT_VERSION,
    consented_version: learner.faceConsentVersion,
    consented_at: learner.faceConsentAt ? formatBeijingTime(learner.faceConsentAt) : null,
    consented: hasFaceConsent(learner),
    retention_days: retentionDays,
  };
}

/**
 * Records the learner's agreement to `version` (which must be the one in force: the page
 * showed an older text otherwise) and its time, with an audit record as evidence. Agreeing
 * again to the same version keeps the first time.
 */
export async function giveFaceConsent(
  db: Database,
  clock: Clock,
  learnerId: number,
  version: string,
  ip: string,
): Promise<ConsentFields> {
  if (version !== FACE_CONSENT_VERSION) throw conflict(M.consentOutdated);
  return db.transaction(async (tx) => {
    const [learner] = await tx.select().from(learners).where(eq(learners.id, learnerId)).for('update');
    if (!learner) throw new Error(`learner ${learnerId} is gone`);
    if (hasFaceConsent(learner)) return learner;
    const now = clock.now();
    await tx
      .update(learners)
      .set({ faceConsentVersion: version, faceConsentAt: now, updatedAt: now })
      .where(eq(learners.id, learnerId));
    await writeAudit(tx, clock, learnerActor(learner, ip), {
      action: 'learner.face-consent',
      target: learner.idNumber,
      before: { version: learner.faceConsentVersion },
      after: { version, consented_at: formatBeijingTime(now) },
    });
    return { faceConsentVersion: version, faceConsentAt: now };
  });
}
