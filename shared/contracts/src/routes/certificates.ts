import type { Route } from '../route';

// Method, path and access of each call in `certificates.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as certificateRoutes`, so a page's
// bundle keeps only the routes it calls.

export const status = { method: 'GET', path: '/v1/certificate_status', auth: true } as const satisfies Route;
export const pdf = { method: 'GET', path: '/v1/certificate_pdf', auth: true } as const satisfies Route;
export const verify = { method: 'GET', path: '/v1/certificate_verify', auth: false } as const satisfies Route;
export const adminSearch = {
  method: 'GET',
  path: '/v1/admin/certificates',
  auth: 'staff',
  permission: 'learners.read',
} as const satisfies Route;
export const adminRevoke = {
  method: 'POST',
  path: '/v1/admin/certificates/revoke',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
