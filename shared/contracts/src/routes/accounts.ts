import { defineRoutes } from '../route';

/** Method, path and access of each call in `accounts.ts`, without schemas: what the browser sends by. */
export const accountRoutes = defineRoutes({
  faceStatus: { method: 'GET', path: '/v1/face_status', auth: true },
  login: { method: 'POST', path: '/v1/login', auth: false },
  vcode: { method: 'GET', path: '/v1/vcode', auth: false },
  forget: { method: 'POST', path: '/v1/forget', auth: false },
  userinfo: { method: 'GET', path: '/v1/userinfo', auth: true },
  profile: { method: 'GET', path: '/v1/profile', auth: true },
  modify: { method: 'POST', path: '/v1/modify', auth: true },
  password: { method: 'POST', path: '/v1/password', auth: true },
  logout: { method: 'POST', path: '/v1/logout', auth: true },
  pcNotes: { method: 'GET', path: '/v1/pc_notes', auth: true },
  agreement: { method: 'GET', path: '/v1/agreement', auth: true },
  publicAgreement: { method: 'GET', path: '/v1/public_agreement', auth: false },
  avatar: { method: 'POST', path: '/v1/avatar', auth: true },
});
