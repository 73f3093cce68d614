import { defineRoutes } from '../route';

/** Method, path and access of each call in `archive-reviews.ts`, without schemas: what the browser sends by. */
export const archiveReviewRoutes = defineRoutes({
  list: { method: 'GET', path: '/v1/admin/archive_reviews', auth: 'staff', permission: 'archive.review' },
  decide: { method: 'POST', path: '/v1/admin/archive_reviews/decide', auth: 'staff', permission: 'archive.review' },
});
