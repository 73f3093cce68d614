import { learnerAdminEndpoints } from '@yaoshi/contracts/learner-admin';
import { requireStaff } from '../auth/authenticator';
import type { RouteModule } from '../app-deps';
import { actorOf, auditedChange } from '../audit/audit-log';
import {
  createLearner,
  endLearnerSessions,
  resetLearnerPassword,
  setLearnerDisabled,
  unlockLearner,
} from './learner-actions';
import { learnerDetail } from './learner-detail';
import { checkImport, confirmImport, importTemplate } from './learner-import';
import { listLearners } from './learner-list';
import { personalViewOf } from '../auth/personal-view';

/** 学员管理: the registrar's calls (issue 18). Every change is audited in its own transaction. */
export const learnerAdminRoutes: RouteModule = (api, { db, clock }) => {
  api.add(learnerAdminEndpoints.learners, async ({ payload, staff }) =>
    listLearners(db, clock, payload, personalViewOf(staff)),
  );

  api.add(learnerAdminEndpoints.learnerDetail, async ({ payload, staff }) =>
    learnerDetail(db, clock, payload.id, personalViewOf(staff)),
  );

  api.add(learnerAdminEndpoints.learnerCreate, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      createLearner(tx, clock, audit, payload),
    ),
  );

  api.add(learnerAdminEndpoints.learnerResetPassword, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      resetLearnerPassword(tx, clock, audit, payload.id),
    ),
  );

  api.add(learnerAdminEndpoints.learnerUnlock, async ({ payload, staff, request }) => {
    await auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      unlockLearner(tx, clock, audit, payload.id),
    );
    return null;
  });

  api.add(learnerAdminEndpoints.learnerSetDisabled, async ({ payload, staff, request }) => {
    await auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      setLearnerDisabled(tx, clock, audit, payload.id, payload.disabled),
    );
    return null;
  });

  api.add(learnerAdminEndpoints.importTemplate, async () => importTemplate());

  // Checking writes nothing but its audit record: who looked at which import, and what it held.
  api.add(learnerAdminEndpoints.importCheck, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), async (tx, audit) => {
      const { report } = await checkImport(tx, payload.file_base64);
      await audit({
        action: 'learner.import-check',
        target: `${report.rows}行`,
        after: { rows: report.rows, valid: report.valid, failed: report.failed.length },
      });
      return report;
    }),
  );

  api.add(learnerAdminEndpoints.importConfirm, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      confirmImport(tx, clock, audit, payload.file_base64, payload.valid),
    ),
  );

  api.add(learnerAdminEndpoints.learnerEndSessions, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      endLearnerSessions(tx, clock, audit, payload.id),
    ),
  );
};
