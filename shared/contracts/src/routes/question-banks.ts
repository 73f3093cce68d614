import type { Route } from '../route';

// Method, path and access of each call in `question-banks.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as questionBankRoutes`, so a page's
// bundle keeps only the routes it calls.

export const courses = {
  method: 'GET',
  path: '/v1/admin/question-banks/courses',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const questions = {
  method: 'GET',
  path: '/v1/admin/question-banks/questions',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const create = {
  method: 'POST',
  path: '/v1/admin/question-banks/questions/create',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const update = {
  method: 'POST',
  path: '/v1/admin/question-banks/questions/update',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const remove = {
  method: 'POST',
  path: '/v1/admin/question-banks/questions/delete',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const template = {
  method: 'GET',
  path: '/v1/admin/question-banks/import/template',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const importCheck = {
  method: 'POST',
  path: '/v1/admin/question-banks/import/check',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const importConfirm = {
  method: 'POST',
  path: '/v1/admin/question-banks/import/confirm',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
