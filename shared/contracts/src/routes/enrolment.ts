import type { Route } from '../route';

// Method, path and access of each call in `enrolment.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as enrolmentRoutes`, so a page's
// bundle keeps only the routes it calls.

export const academicYear = { method: 'GET', path: '/v1/academic_year', auth: true } as const satisfies Route;
export const getCourseType = { method: 'GET', path: '/v1/get_course_type', auth: true } as const satisfies Route;
export const webcourses = { method: 'GET', path: '/v1/webcourses', auth: true } as const satisfies Route;
export const signupOnce = { method: 'POST', path: '/v1/signup_once', auth: true } as const satisfies Route;
export const validate = { method: 'GET', path: '/v1/validate', auth: true } as const satisfies Route;
export const order = { method: 'POST', path: '/v1/order', auth: true } as const satisfies Route;
export const orderStatus = { method: 'GET', path: '/v1/order_status', auth: true } as const satisfies Route;
export const replaceableOrders = { method: 'GET', path: '/v1/replaceable_orders', auth: true } as const satisfies Route;
export const orderDetail = { method: 'GET', path: '/v1/order_detail', auth: true } as const satisfies Route;
export const publicCoursesYear = {
  method: 'GET',
  path: '/v1/public_courses_year',
  auth: true,
} as const satisfies Route;
export const publicCoursesList = {
  method: 'GET',
  path: '/v1/public_courses_list',
  auth: true,
} as const satisfies Route;
export const publicCoursesSignupOnce = {
  method: 'POST',
  path: '/v1/public_courses_signup_once',
  auth: true,
} as const satisfies Route;
