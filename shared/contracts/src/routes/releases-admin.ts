import type { Route } from '../route';

// Method, path and access of each call in `releases-admin.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as releaseAdminRoutes`, so a page's
// bundle keeps only the routes it calls.

/** 只读审计 reads what 发布管理 moves: the status and the history. */
export const status = {
  method: 'GET',
  path: '/v1/admin/releases/status',
  auth: 'staff',
  permission: 'releases.read',
} as const satisfies Route;
export const history = {
  method: 'GET',
  path: '/v1/admin/releases/history',
  auth: 'staff',
  permission: 'releases.read',
} as const satisfies Route;
export const pin = {
  method: 'POST',
  path: '/v1/admin/releases/pin',
  auth: 'staff',
  permission: 'releases.manage',
} as const satisfies Route;
export const rollback = {
  method: 'POST',
  path: '/v1/admin/releases/rollback',
  auth: 'staff',
  permission: 'releases.manage',
} as const satisfies Route;
export const canary = {
  method: 'POST',
  path: '/v1/admin/releases/canary',
  auth: 'staff',
  permission: 'releases.manage',
} as const satisfies Route;
export const promote = {
  method: 'POST',
  path: '/v1/admin/releases/promote',
  auth: 'staff',
  permission: 'releases.manage',
} as const satisfies Route;
export const canaryEnd = {
  method: 'POST',
  path: '/v1/admin/releases/canary_end',
  auth: 'staff',
  permission: 'releases.manage',
} as const satisfies Route;
