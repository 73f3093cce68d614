import type { Route } from '../route';

// Method, path and access of each call in `reminders.ts`, without schemas: what the browser sends by.

export const preview = {
  method: 'GET',
  path: '/v1/admin/reminders/preview',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
export const create = {
  method: 'POST',
  path: '/v1/admin/reminders',
  auth: 'staff',
  permission: 'learners.write',
} as const satisfies Route;
export const list = {
  method: 'GET',
  path: '/v1/admin/reminders',
  auth: 'staff',
  permission: 'learners.read',
} as const satisfies Route;
export const mySetting = { method: 'GET', path: '/v1/reminder_setting', auth: true } as const satisfies Route;
export const saveMySetting = { method: 'POST', path: '/v1/reminder_setting', auth: true } as const satisfies Route;
