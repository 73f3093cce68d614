import { defineRoutes } from '../route';

/** Method, path and access of each call in `course-admin.ts`, without schemas: what the browser sends by. */
export const courseAdminRoutes = defineRoutes({
  years: { method: 'GET', path: '/v1/admin/course_years', auth: 'staff', permission: 'courses.manage' },
  yearCreate: { method: 'POST', path: '/v1/admin/course_years/create', auth: 'staff', permission: 'courses.manage' },
  yearUpdate: { method: 'POST', path: '/v1/admin/course_years/update', auth: 'staff', permission: 'courses.manage' },
  yearOpen: { method: 'POST', path: '/v1/admin/course_years/open', auth: 'staff', permission: 'courses.manage' },
  yearPreview: { method: 'GET', path: '/v1/admin/course_years/preview', auth: 'staff', permission: 'courses.manage' },
  courses: { method: 'GET', path: '/v1/admin/courses', auth: 'staff', permission: 'courses.manage' },
  detail: { method: 'GET', path: '/v1/admin/courses/detail', auth: 'staff', permission: 'courses.manage' },
  create: { method: 'POST', path: '/v1/admin/courses/create', auth: 'staff', permission: 'courses.manage' },
  update: { method: 'POST', path: '/v1/admin/courses/update', auth: 'staff', permission: 'courses.manage' },
  thumbnail: { method: 'POST', path: '/v1/admin/courses/thumbnail', auth: 'staff', permission: 'courses.manage' },
  teacherAvatar: {
    method: 'POST',
    path: '/v1/admin/courses/teacher_avatar',
    auth: 'staff',
    permission: 'courses.manage',
  },
  lessonSave: { method: 'POST', path: '/v1/admin/courses/lesson', auth: 'staff', permission: 'courses.manage' },
  transcodeRetry: {
    method: 'POST',
    path: '/v1/admin/courses/transcode_retry',
    auth: 'staff',
    permission: 'courses.manage',
  },
});
