import { defineRoutes } from '../route';

/** Method, path and access of each call in `question-banks.ts`, without schemas: what the browser sends by. */
export const questionBankRoutes = defineRoutes({
  courses: { method: 'GET', path: '/v1/admin/question-banks/courses', auth: 'staff', permission: 'courses.manage' },
  questions: { method: 'GET', path: '/v1/admin/question-banks/questions', auth: 'staff', permission: 'courses.manage' },
  create: {
    method: 'POST',
    path: '/v1/admin/question-banks/questions/create',
    auth: 'staff',
    permission: 'courses.manage',
  },
  update: {
    method: 'POST',
    path: '/v1/admin/question-banks/questions/update',
    auth: 'staff',
    permission: 'courses.manage',
  },
  remove: {
    method: 'POST',
    path: '/v1/admin/question-banks/questions/delete',
    auth: 'staff',
    permission: 'courses.manage',
  },
  template: {
    method: 'GET',
    path: '/v1/admin/question-banks/import/template',
    auth: 'staff',
    permission: 'courses.manage',
  },
  importCheck: {
    method: 'POST',
    path: '/v1/admin/question-banks/import/check',
    auth: 'staff',
    permission: 'courses.manage',
  },
  importConfirm: {
    method: 'POST',
    path: '/v1/admin/question-banks/import/confirm',
    auth: 'staff',
    permission: 'courses.manage',
  },
});
