import type { Route } from '../route';

// Method, path and access of each call in `archive-reviews.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as archiveReviewRoutes`, so a page's
// bundle keeps only the routes it calls.

export const list = {
  method: 'GET',
  path: '/v1/admin/archive_reviews',
  auth: 'staff',
  permission: 'archive.review',
} as const satisfies Route;
export const decide = {
  method: 'POST',
  path: '/v1/admin/archive_reviews/decide',
  auth: 'staff',
  permission: 'archive.review',
} as const satisfies Route;
