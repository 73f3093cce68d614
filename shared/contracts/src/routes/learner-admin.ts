import { defineRoutes } from '../route';

/** Method, path and access of each call in `learner-admin.ts`, without schemas: what the browser sends by. */
export const learnerAdminRoutes = defineRoutes({
  importTemplate: {
    method: 'GET',
    path: '/v1/admin/learners/import/template',
    auth: 'staff',
    permission: 'learners.write',
  },
  importCheck: { method: 'POST', path: '/v1/admin/learners/import/check', auth: 'staff', permission: 'learners.write' },
  importConfirm: {
    method: 'POST',
    path: '/v1/admin/learners/import/confirm',
    auth: 'staff',
    permission: 'learners.write',
  },
  learners: { method: 'GET', path: '/v1/admin/learners', auth: 'staff', permission: 'learners.read' },
  learnerDetail: { method: 'GET', path: '/v1/admin/learners/detail', auth: 'staff', permission: 'learners.read' },
  learnerCreate: { method: 'POST', path: '/v1/admin/learners/create', auth: 'staff', permission: 'learners.write' },
  learnerResetPassword: {
    method: 'POST',
    path: '/v1/admin/learners/reset-password',
    auth: 'staff',
    permission: 'learners.write',
  },
  learnerUnlock: { method: 'POST', path: '/v1/admin/learners/unlock', auth: 'staff', permission: 'learners.write' },
  learnerSetDisabled: {
    method: 'POST',
    path: '/v1/admin/learners/set-disabled',
    auth: 'staff',
    permission: 'learners.write',
  },
  learnerEndSessions: {
    method: 'POST',
    path: '/v1/admin/learners/end-sessions',
    auth: 'staff',
    permission: 'learners.write',
  },
});
