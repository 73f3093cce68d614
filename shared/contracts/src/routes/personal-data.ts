import type { Route } from '../route';

// Method, path and access of each call in `personal-data.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as personalDataRoutes`, so a page's
// bundle keeps only the routes it calls.

export const faceConsent = { method: 'GET', path: '/v1/face_consent', auth: true } as const satisfies Route;
export const giveFaceConsent = { method: 'POST', path: '/v1/face_consent', auth: true } as const satisfies Route;
export const myData = { method: 'GET', path: '/v1/my_data', auth: true } as const satisfies Route;
export const myClosure = { method: 'GET', path: '/v1/account_closure', auth: true } as const satisfies Route;
export const askClosure = { method: 'POST', path: '/v1/account_closure', auth: true } as const satisfies Route;
export const withdrawClosure = {
  method: 'POST',
  path: '/v1/account_closure/withdraw',
  auth: true,
} as const satisfies Route;
export const reveal = {
  method: 'POST',
  path: '/v1/admin/learners/reveal',
  auth: 'staff',
  permission: 'learners.reveal',
} as const satisfies Route;
/** Only the role that decides them: 学员管理. */
export const closures = {
  method: 'GET',
  path: '/v1/admin/closures',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
export const closureApprove = {
  method: 'POST',
  path: '/v1/admin/closures/approve',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
export const closureRefuse = {
  method: 'POST',
  path: '/v1/admin/closures/refuse',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
