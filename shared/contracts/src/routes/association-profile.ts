import { defineRoutes } from '../route';

/** Method, path and access of each call in `association-profile.ts`, without schemas: what the browser sends by. */
export const associationProfileRoutes = defineRoutes({
  introduction: { method: 'GET', path: '/v1/association_introduction', auth: false },
  adminRead: { method: 'GET', path: '/v1/admin/association_profile', auth: 'staff', permission: 'content.edit' },
  adminUpdate: {
    method: 'POST',
    path: '/v1/admin/association_profile/save',
    auth: 'staff',
    permission: 'content.edit',
  },
});
