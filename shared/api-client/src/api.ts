import { createApi } from '@reduxjs/toolkit/query/react';
import { signedBaseQuery } from './signed-base-query';

/**
 * A call sent as the page leaves (signed-base-query.ts), from here so a remote reaches the
 * shell's configured client: `@yaoshi/api-client/api` is the module remotes share.
 */
export { sendAsPageLeaves } from './signed-base-query';

/**
 * The one RTK Query slice of the page. Features add their calls with
 * `api.injectEndpoints(...)` beside the page that uses them; nobody creates another.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: signedBaseQuery,
  tagTypes: [
    'SiteSettings',
    'Category',
    'Article',
    'FriendLink',
    'Slide',
    'Advertisement',
    'UserInfo',
    'Profile',
    'Course',
    'Order',
    'Exam',
  ],
  endpoints: () => ({}),
});
