import { defineRoutes } from '../route';

/** Method, path and access of each call in `reports.ts`, without schemas: what the browser sends by. */
export const reportRoutes = defineRoutes({
  yearReport: { method: 'GET', path: '/v1/admin/reports/year', auth: 'staff', permission: 'reports.read' },
  completedLearners: { method: 'GET', path: '/v1/admin/reports/completed', auth: 'staff', permission: 'reports.read' },
  exportReport: { method: 'POST', path: '/v1/admin/reports/export', auth: 'staff', permission: 'reports.read' },
  exports: { method: 'GET', path: '/v1/admin/reports/exports', auth: 'staff', permission: 'reports.read' },
  exportFile: { method: 'GET', path: '/v1/admin/reports/export_file', auth: 'staff', permission: 'reports.read' },
});
