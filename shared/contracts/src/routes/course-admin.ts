import type { Route } from '../route';

// Method, path and access of each call in `course-admin.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as courseAdminRoutes`, so a page's
// bundle keeps only the routes it calls.

export const years = {
  method: 'GET',
  path: '/v1/admin/course_years',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const yearCreate = {
  method: 'POST',
  path: '/v1/admin/course_years/create',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const yearUpdate = {
  method: 'POST',
  path: '/v1/admin/course_years/update',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const yearOpen = {
  method: 'POST',
  path: '/v1/admin/course_years/open',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const yearPreview = {
  method: 'GET',
  path: '/v1/admin/course_years/preview',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const courses = {
  method: 'GET',
  path: '/v1/admin/courses',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const detail = {
  method: 'GET',
  path: '/v1/admin/courses/detail',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const create = {
  method: 'POST',
  path: '/v1/admin/courses/create',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const update = {
  method: 'POST',
  path: '/v1/admin/courses/update',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const thumbnail = {
  method: 'POST',
  path: '/v1/admin/courses/thumbnail',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const teacherAvatar = {
  method: 'POST',
  path: '/v1/admin/courses/teacher_avatar',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const lessonSave = {
  method: 'POST',
  path: '/v1/admin/courses/lesson',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
export const transcodeRetry = {
  method: 'POST',
  path: '/v1/admin/courses/transcode_retry',
  auth: 'staff',
  permission: 'courses.manage',
} as const satisfies Route;
