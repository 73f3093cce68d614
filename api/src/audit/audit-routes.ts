import { adminEndpoints } from '@yaoshi/contracts/admin';
import type { RouteModule } from '../app-deps';
import { listAudit } from './audit-log';

/** GET /v1/admin/audit: the audit trail, newest first. There is no call that edits or deletes it. */
export const auditRoutes: RouteModule = (api, { db }) => {
  api.add(adminEndpoints.audit, async ({ payload }) => listAudit(db, payload));
};
