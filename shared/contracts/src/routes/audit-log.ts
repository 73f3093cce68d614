import type { Route } from '../route';

// Method, path and access of each call in `audit-log.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as auditLogRoutes`, so a page's
// bundle keeps only the routes it calls.

export const audit = {
  method: 'GET',
  path: '/v1/admin/audit',
  auth: 'staff',
  permission: 'audit.read',
} as const satisfies Route;
