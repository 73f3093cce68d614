import { api } from '@yaoshi/api-client/api';
import type { ArticleList, Article, Slide } from '@yaoshi/contracts/content';

export interface ArticleListRequest {
  catid: number;
  limit: number;
  page: number;
}

/** spec 01 §2: "An array-typed data means empty." */
export function normalizeArticleList(data: ArticleList | unknown[]): ArticleList {
  return Array.isArray(data) ? { total: 0, data: [] } : data;
}

/** Public content calls, added to the shell's one api slice. */
export const articleApi = api.injectEndpoints({
  endpoints: (build) => ({
    articleList: build.query<ArticleList, ArticleListRequest>({
      query: ({ catid, limit, page }) => ({ method: 'GET', path: '/v1/article', payload: { catid, limit, page } }),
      transformResponse: (data: ArticleList | unknown[]) => normalizeArticleList(data),
      providesTags: (_result, _error, { catid }) => [{ type: 'Article', id: `category-${catid}` }],
    }),
    article: build.query<Article, number>({
      query: (postid) => ({ method: 'GET', path: '/v1/article', payload: { postid } }),
      providesTags: (_result, _error, postid) => [{ type: 'Article', id: postid }],
    }),
    slides: build.query<Slide[], void>({
      query: () => ({ method: 'GET', path: '/v1/slide' }),
      providesTags: ['Slide'],
    }),
  }),
});

export const { useArticleListQuery, useArticleQuery, useSlidesQuery } = articleApi;
