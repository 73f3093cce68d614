import type { Route } from '../route';

// Method, path and access of each call in `association-profile.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as associationProfileRoutes`, so a page's
// bundle keeps only the routes it calls.

export const introduction = {
  method: 'GET',
  path: '/v1/association_introduction',
  auth: false,
} as const satisfies Route;
export const adminRead = {
  method: 'GET',
  path: '/v1/admin/association_profile',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const adminUpdate = {
  method: 'POST',
  path: '/v1/admin/association_profile/save',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
