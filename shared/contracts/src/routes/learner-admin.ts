import type { Route } from '../route';

// Method, path and access of each call in `learner-admin.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as learnerAdminRoutes`, so a page's
// bundle keeps only the routes it calls.

export const importTemplate = {
  method: 'GET',
  path: '/v1/admin/learners/import/template',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
export const importCheck = {
  method: 'POST',
  path: '/v1/admin/learners/import/check',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
export const importConfirm = {
  method: 'POST',
  path: '/v1/admin/learners/import/confirm',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
export const learners = {
  method: 'GET',
  path: '/v1/admin/learners',
  auth: 'staff',
  permission: 'learners.read',
} as const satisfies Route;
export const learnerDetail = {
  method: 'GET',
  path: '/v1/admin/learners/detail',
  auth: 'staff',
  permission: 'learners.read',
} as const satisfies Route;
export const learnerCreate = {
  method: 'POST',
  path: '/v1/admin/learners/create',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
export const learnerResetPassword = {
  method: 'POST',
  path: '/v1/admin/learners/reset-password',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
export const learnerUnlock = {
  method: 'POST',
  path: '/v1/admin/learners/unlock',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
export const learnerSetDisabled = {
  method: 'POST',
  path: '/v1/admin/learners/set-disabled',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
export const learnerEndSessions = {
  method: 'POST',
  path: '/v1/admin/learners/end-sessions',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
