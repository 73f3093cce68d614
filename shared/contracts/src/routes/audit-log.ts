import { defineRoutes } from '../route';

/** Method, path and access of each call in `audit-log.ts`, without schemas: what the browser sends by. */
export const auditLogRoutes = defineRoutes({
  audit: { method: 'GET', path: '/v1/admin/audit', auth: 'staff', permission: 'audit.read' },
});
