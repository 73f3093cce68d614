import { reportEndpoints } from '@yaoshi/contracts/reports';
import { requireStaff } from '../auth/authenticator';
import type { RouteModule } from '../app-deps';
import { actorOf, auditedChange } from '../audit/audit-log';
import { completedLearnersPage, yearReport } from './report-queries';
import { exportFile, listExports, offerExport, requestExport, workExports } from './report-exports';

/**
 * 统计报表 (issue 20): reads leave no trace; an export is audited, as it carries learners' data
 * out, and made by the `report-export` job (issue 21), enqueued once the request is committed.
 */
export const reportRoutes: RouteModule = (api, { db, clock, storage, jobs, log }) => {
  void workExports(jobs, { db, clock, storage, log }).catch((error: unknown) =>
    log.error({ err: error }, 'could not register the report-export job'),
  );

  api.add(reportEndpoints.yearReport, async ({ payload }) => yearReport(db, payload.year, clock.now()));

  api.add(reportEndpoints.completedLearners, async ({ payload }) =>
    completedLearnersPage(db, payload.year, payload.page, payload.size),
  );

  api.add(reportEndpoints.exportReport, async ({ payload, staff, request }) => {
    const principal = requireStaff(staff);
    const requested = await auditedChange(db, clock, actorOf(principal, request.ip), (tx, audit) =>
      requestExport(tx, clock, audit, principal.username, payload.year, payload.report),
    );
    await offerExport(jobs, requested.export_id);
    return requested;
  });

  api.add(reportEndpoints.exports, async () => ({ list: await listExports(db) }));

  api.add(reportEndpoints.exportFile, async ({ payload }) => exportFile(db, storage, payload.export_id));
};
