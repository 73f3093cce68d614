import type { Route } from '../route';

// Method, path and access of each call in `reports.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as reportRoutes`, so a page's
// bundle keeps only the routes it calls.

export const yearReport = {
  method: 'GET',
  path: '/v1/admin/reports/year',
  auth: 'staff',
  permission: 'reports.read',
} as const satisfies Route;
export const completedLearners = {
  method: 'GET',
  path: '/v1/admin/reports/completed',
  auth: 'staff',
  permission: 'reports.read',
} as const satisfies Route;
export const exportReport = {
  method: 'POST',
  path: '/v1/admin/reports/export',
  auth: 'staff',
  permission: 'reports.read',
} as const satisfies Route;
export const exports = {
  method: 'GET',
  path: '/v1/admin/reports/exports',
  auth: 'staff',
  permission: 'reports.read',
} as const satisfies Route;
export const exportFile = {
  method: 'GET',
  path: '/v1/admin/reports/export_file',
  auth: 'staff',
  permission: 'reports.read',
} as const satisfies Route;
