import { defineRoutes } from '../route';

/** Method, path and access of each call in `personal-data.ts`, without schemas: what the browser sends by. */
export const personalDataRoutes = defineRoutes({
  faceConsent: { method: 'GET', path: '/v1/face_consent', auth: true },
  giveFaceConsent: { method: 'POST', path: '/v1/face_consent', auth: true },
  myData: { method: 'GET', path: '/v1/my_data', auth: true },
  myClosure: { method: 'GET', path: '/v1/account_closure', auth: true },
  askClosure: { method: 'POST', path: '/v1/account_closure', auth: true },
  withdrawClosure: { method: 'POST', path: '/v1/account_closure/withdraw', auth: true },
  reveal: { method: 'POST', path: '/v1/admin/learners/reveal', auth: 'staff', permission: 'learners.reveal' },
  // Only the role that decides them: 学员管理.
  closures: { method: 'GET', path: '/v1/admin/closures', auth: 'staff', permission: 'learners.write' },
  closureApprove: { method: 'POST', path: '/v1/admin/closures/approve', auth: 'staff', permission: 'learners.write' },
  closureRefuse: { method: 'POST', path: '/v1/admin/closures/refuse', auth: 'staff', permission: 'learners.write' },
});
