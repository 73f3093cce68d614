import type { Route } from '../route';

// Method, path and access of each call in `accounts.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as accountRoutes`, so a page's
// bundle keeps only the routes it calls.

export const faceStatus = { method: 'GET', path: '/v1/face_status', auth: true } as const satisfies Route;
export const login = { method: 'POST', path: '/v1/login', auth: false } as const satisfies Route;
export const vcode = { method: 'GET', path: '/v1/vcode', auth: false } as const satisfies Route;
export const forget = { method: 'POST', path: '/v1/forget', auth: false } as const satisfies Route;
export const userinfo = { method: 'GET', path: '/v1/userinfo', auth: true } as const satisfies Route;
export const profile = { method: 'GET', path: '/v1/profile', auth: true } as const satisfies Route;
export const modify = { method: 'POST', path: '/v1/modify', auth: true } as const satisfies Route;
export const password = { method: 'POST', path: '/v1/password', auth: true } as const satisfies Route;
export const logout = { method: 'POST', path: '/v1/logout', auth: true } as const satisfies Route;
export const pcNotes = { method: 'GET', path: '/v1/pc_notes', auth: true } as const satisfies Route;
export const agreement = { method: 'GET', path: '/v1/agreement', auth: true } as const satisfies Route;
export const publicAgreement = { method: 'GET', path: '/v1/public_agreement', auth: false } as const satisfies Route;
export const avatar = { method: 'POST', path: '/v1/avatar', auth: true } as const satisfies Route;
