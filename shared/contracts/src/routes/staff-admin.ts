import { defineRoutes } from '../route';

/** Method, path and access of each call in `staff-admin.ts`, without schemas: what the browser sends by. */
export const staffAdminRoutes = defineRoutes({
  login: { method: 'POST', path: '/v1/admin/login', auth: false },
  logout: { method: 'POST', path: '/v1/admin/logout', auth: 'staff' },
  me: { method: 'GET', path: '/v1/admin/me', auth: 'staff' },
  passwordChange: { method: 'POST', path: '/v1/admin/password', auth: 'staff' },
  staffList: { method: 'GET', path: '/v1/admin/staff', auth: 'staff', permission: 'staff.manage' },
  staffCreate: { method: 'POST', path: '/v1/admin/staff/create', auth: 'staff', permission: 'staff.manage' },
  staffUpdate: { method: 'POST', path: '/v1/admin/staff/update', auth: 'staff', permission: 'staff.manage' },
});
