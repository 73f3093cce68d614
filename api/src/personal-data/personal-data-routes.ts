import { eq } from 'drizzle-orm';
import { personalDataEndpoints } from '@yaoshi/contracts/personal-data';
import type { RouteModule } from '../app-deps';
import { requirePrincipal, requireStaff } from '../auth/authenticator';
import { actorOf, auditedChange } from '../audit/audit-log';
import { notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { learners } from '../accounts/accounts-schema';
import { requireLearner } from '../accounts/learner-queries';
import { approveClosure, askClosure, listClosures, myClosure, refuseClosure, withdrawClosure } from './account-closure';
import { faceConsentStateOf, giveFaceConsent } from '../face-photos/face-consent';
import { myData } from './my-data';
import { FULL_VIEW, personalViewOf } from '../auth/personal-view';

/**
 * The learner's rights over their personal data (consent to face photos, a copy of their data,
 * closing the account) and the console's side of them (a reveal of one number, closure
 * decisions). docs/security.md describes the rules.
 */
export const personalDataRoutes: RouteModule = (api, { db, clock, config, storage, log }) => {
  const retentionDays = config.faceCheckRetentionDays;

  api.add(personalDataEndpoints.faceConsent, async ({ principal }) =>
    faceConsentStateOf(await requireLearner(db, requirePrincipal(principal).learnerId), retentionDays),
  );

  api.add(personalDataEndpoints.giveFaceConsent, async ({ payload, principal, request }) =>
    faceConsentStateOf(
      await giveFaceConsent(db, clock, requirePrincipal(principal).learnerId, payload.version, request.ip),
      retentionDays,
    ),
  );

  api.add(personalDataEndpoints.myData, async ({ principal }) =>
    myData(db, clock, requirePrincipal(principal).learnerId),
  );

  api.add(personalDataEndpoints.myClosure, async ({ principal }) =>
    myClosure(db, requirePrincipal(principal).learnerId),
  );

  api.add(personalDataEndpoints.askClosure, async ({ payload, principal, request }) =>
    askClosure(db, clock, requirePrincipal(principal).learnerId, payload.reason, request.ip),
  );

  api.add(personalDataEndpoints.withdrawClosure, async ({ principal, request }) =>
    withdrawClosure(db, clock, requirePrincipal(principal).learnerId, request.ip),
  );

  // One value of one learner, and a record of who saw it.
  api.add(personalDataEndpoints.reveal, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), async (tx, audit) => {
      const [learner] = await tx.select().from(learners).where(eq(learners.id, payload.id)).limit(1);
      if (!learner) throw notFound(MESSAGES.learnerNotFound);
      const value = payload.field === 'id_number' ? learner.idNumber : FULL_VIEW.phone(learner.phone);
      await audit({ action: 'learner.reveal-personal', target: learner.idNumber, after: { field: payload.field } });
      return { value };
    }),
  );

  api.add(personalDataEndpoints.closures, async ({ payload, staff }) =>
    listClosures(db, payload, personalViewOf(staff)),
  );

  api.add(personalDataEndpoints.closureApprove, async ({ payload, staff, request }) => {
    const principal = requireStaff(staff);
    const { photoPaths } = await auditedChange(db, clock, actorOf(principal, request.ip), (tx, audit) =>
      approveClosure(tx, clock, audit, principal.username, payload.id),
    );
    // After the commit: a file left by a failure here is unreachable (no row signs a URL for it).
    await Promise.all(
      photoPaths.map((path) =>
        storage
          .delete(path)
          .catch((error: unknown) => log.warn({ err: error }, 'a closed account’s face photo file was not deleted')),
      ),
    );
    return null;
  });

  api.add(personalDataEndpoints.closureRefuse, async ({ payload, staff, request }) => {
    const principal = requireStaff(staff);
    await auditedChange(db, clock, actorOf(principal, request.ip), (tx, audit) =>
      refuseClosure(tx, clock, audit, principal.username, payload.id, payload.reason),
    );
    return null;
  });
};
