import { defineRoutes } from '../route';

/** Method, path and access of each call in `enrolment.ts`, without schemas: what the browser sends by. */
export const enrolmentRoutes = defineRoutes({
  academicYear: { method: 'GET', path: '/v1/academic_year', auth: true },
  getCourseType: { method: 'GET', path: '/v1/get_course_type', auth: true },
  webcourses: { method: 'GET', path: '/v1/webcourses', auth: true },
  signupOnce: { method: 'POST', path: '/v1/signup_once', auth: true },
  validate: { method: 'GET', path: '/v1/validate', auth: true },
  order: { method: 'POST', path: '/v1/order', auth: true },
  orderStatus: { method: 'GET', path: '/v1/order_status', auth: true },
  replaceableOrders: { method: 'GET', path: '/v1/replaceable_orders', auth: true },
  orderDetail: { method: 'GET', path: '/v1/order_detail', auth: true },
  publicCoursesYear: { method: 'GET', path: '/v1/public_courses_year', auth: true },
  publicCoursesList: { method: 'GET', path: '/v1/public_courses_list', auth: true },
  publicCoursesSignupOnce: { method: 'POST', path: '/v1/public_courses_signup_once', auth: true },
});
