import { auditLogEndpoints } from '@yaoshi/contracts/audit-log';
import { maskPersonalNumbersDeep, maskPersonalNumbersIn } from '@yaoshi/contracts/personal-data-rules';
import type { RouteModule } from '../app-deps';
import { listAudit } from './audit-log';

/**
 * GET /v1/admin/audit: the audit trail, newest first. There is no call that edits or deletes it.
 * Records name learners by ID number and some carry a phone: every reader gets them masked,
 * as everywhere in the console (the filter still matches the whole stored value).
 */
export const auditRoutes: RouteModule = (api, { db }) => {
  api.add(auditLogEndpoints.audit, async ({ payload }) => {
    const page = await listAudit(db, payload);
    return {
      ...page,
      list: page.list.map((record) => ({
        ...record,
        target: maskPersonalNumbersIn(record.target),
        before: maskPersonalNumbersDeep(record.before),
        after: maskPersonalNumbersDeep(record.after),
      })),
    };
  });
};
