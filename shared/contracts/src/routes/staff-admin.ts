import type { Route } from '../route';

// Method, path and access of each call in `staff-admin.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as staffAdminRoutes`, so a page's
// bundle keeps only the routes it calls.

export const login = { method: 'POST', path: '/v1/admin/login', auth: false } as const satisfies Route;
export const logout = { method: 'POST', path: '/v1/admin/logout', auth: 'staff' } as const satisfies Route;
export const me = { method: 'GET', path: '/v1/admin/me', auth: 'staff' } as const satisfies Route;
export const passwordChange = { method: 'POST', path: '/v1/admin/password', auth: 'staff' } as const satisfies Route;
export const staffList = {
  method: 'GET',
  path: '/v1/admin/staff',
  auth: 'staff',
  permission: 'staff.manage',
} as const satisfies Route;
export const staffCreate = {
  method: 'POST',
  path: '/v1/admin/staff/create',
  auth: 'staff',
  permission: 'staff.manage',
} as const satisfies Route;
export const staffUpdate = {
  method: 'POST',
  path: '/v1/admin/staff/update',
  auth: 'staff',
  permission: 'staff.manage',
} as const satisfies Route;
