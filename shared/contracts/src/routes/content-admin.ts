import { defineRoutes } from '../route';

/** Method, path and access of each call in `content-admin.ts`, without schemas: what the browser sends by. */
export const contentAdminRoutes = defineRoutes({
  articleList: { method: 'GET', path: '/v1/admin/articles', auth: 'staff', permission: 'content.edit' },
  articleDetail: { method: 'GET', path: '/v1/admin/articles/detail', auth: 'staff', permission: 'content.edit' },
  articleCreate: { method: 'POST', path: '/v1/admin/articles/create', auth: 'staff', permission: 'content.edit' },
  articleUpdate: { method: 'POST', path: '/v1/admin/articles/update', auth: 'staff', permission: 'content.edit' },
  articlePublish: { method: 'POST', path: '/v1/admin/articles/publish', auth: 'staff', permission: 'content.edit' },
  articleUnpublish: { method: 'POST', path: '/v1/admin/articles/unpublish', auth: 'staff', permission: 'content.edit' },
  articlePin: { method: 'POST', path: '/v1/admin/articles/pin', auth: 'staff', permission: 'content.edit' },
  articleDelete: { method: 'POST', path: '/v1/admin/articles/delete', auth: 'staff', permission: 'content.edit' },
  upload: { method: 'POST', path: '/v1/admin/content/upload', auth: 'staff', permission: 'content.edit' },
  home: { method: 'GET', path: '/v1/admin/home', auth: 'staff', permission: 'content.edit' },
  slidesSave: { method: 'POST', path: '/v1/admin/home/slides/save', auth: 'staff', permission: 'content.edit' },
  adsSave: { method: 'POST', path: '/v1/admin/home/ads/save', auth: 'staff', permission: 'content.edit' },
  quickLinksSave: {
    method: 'POST',
    path: '/v1/admin/home/quick_links/save',
    auth: 'staff',
    permission: 'content.edit',
  },
  quickLinks: { method: 'GET', path: '/v1/quick_links', auth: false },
});
