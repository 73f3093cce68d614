import { defineRoutes } from '../route';

/** Method, path and access of each call in `certificates.ts`, without schemas: what the browser sends by. */
export const certificateRoutes = defineRoutes({
  status: { method: 'GET', path: '/v1/certificate_status', auth: true },
  pdf: { method: 'GET', path: '/v1/certificate_pdf', auth: true },
  verify: { method: 'GET', path: '/v1/certificate_verify', auth: false },
  adminSearch: { method: 'GET', path: '/v1/admin/certificates', auth: 'staff', permission: 'learners.read' },
  adminRevoke: { method: 'POST', path: '/v1/admin/certificates/revoke', auth: 'staff', permission: 'learners.write' },
});
