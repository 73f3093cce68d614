import type { Route } from '../route';

// Method, path and access of each call in `content-admin.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as contentAdminRoutes`, so a page's
// bundle keeps only the routes it calls.

export const articleList = {
  method: 'GET',
  path: '/v1/admin/articles',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const articleDetail = {
  method: 'GET',
  path: '/v1/admin/articles/detail',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const articleCreate = {
  method: 'POST',
  path: '/v1/admin/articles/create',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const articleUpdate = {
  method: 'POST',
  path: '/v1/admin/articles/update',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const articlePublish = {
  method: 'POST',
  path: '/v1/admin/articles/publish',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const articleUnpublish = {
  method: 'POST',
  path: '/v1/admin/articles/unpublish',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const articlePin = {
  method: 'POST',
  path: '/v1/admin/articles/pin',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const articleDelete = {
  method: 'POST',
  path: '/v1/admin/articles/delete',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const upload = {
  method: 'POST',
  path: '/v1/admin/content/upload',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const home = {
  method: 'GET',
  path: '/v1/admin/home',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const slidesSave = {
  method: 'POST',
  path: '/v1/admin/home/slides/save',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const adsSave = {
  method: 'POST',
  path: '/v1/admin/home/ads/save',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const quickLinksSave = {
  method: 'POST',
  path: '/v1/admin/home/quick_links/save',
  auth: 'staff',
  permission: 'content.edit',
} as const satisfies Route;
export const quickLinks = { method: 'GET', path: '/v1/quick_links', auth: false } as const satisfies Route;
