import { adminEndpoints } from '@yaoshi/contracts/admin';
import { maskPersonalNumbersDeep, maskPersonalNumbersIn } from '@yaoshi/contracts/personal-data';
import type { RouteModule } from '../app-deps';
import { mayReveal } from '../auth/personal-view';
import { listAudit } from './audit-log';

/**
 * GET /v1/admin/audit: the audit trail, newest first. There is no call that edits or deletes it.
 * Records name learners by ID number and some carry a phone: a reader without
 * `learners.reveal` gets them masked (the filter still matches the whole stored value).
 */
export const auditRoutes: RouteModule = (api, { db }) => {
  api.add(adminEndpoints.audit, async ({ payload, staff }) => {
    const page = await listAudit(db, payload);
    if (mayReveal(staff)) return page;
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
