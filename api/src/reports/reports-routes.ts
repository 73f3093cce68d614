import { reportEndpoints, REPORT_KIND_LABELS } from '@yaoshi/contracts/reports';
import { requireStaff } from '../auth/authenticator';
import type { RouteModule } from '../app-deps';
import { actorOf, auditedChange } from '../audit/audit-log';
import { completedWorkbook, summaryWorkbook } from './report-export';
import { completedLearners, completedLearnersPage, yearReport } from './report-queries';

/** 统计报表 (issue 20): reads leave no trace; an export is audited, as it carries learners' data out. */
export const reportRoutes: RouteModule = (api, { db, clock }) => {
  api.add(reportEndpoints.yearReport, async ({ payload }) => yearReport(db, payload.year));

  api.add(reportEndpoints.completedLearners, async ({ payload }) =>
    completedLearnersPage(db, payload.year, payload.page, payload.size),
  );

  api.add(reportEndpoints.exportReport, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), async (tx, audit) => {
      const file =
        payload.report === 'summary'
          ? await summaryWorkbook(await yearReport(tx, payload.year))
          : await completedWorkbook(payload.year, await completedLearners(tx, payload.year));
      await audit({
        action: 'report.export',
        target: `${payload.year}年度${REPORT_KIND_LABELS[payload.report]}`,
        after: { year: payload.year, report: payload.report, file: file.file_name },
      });
      return file;
    }),
  );
};
