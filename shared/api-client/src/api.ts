import { createApi } from '@reduxjs/toolkit/query/react';
import { signedBaseQuery } from './signed-base-query';

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
