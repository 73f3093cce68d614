import { api } from '@yaoshi/api-client/api';
import type { Advertisements, ArticleList, Article, Slide, TopicPage } from '@yaoshi/contracts/content';
import type { PublicQuickLink } from '@yaoshi/contracts/content-admin';
import * as contentRoutes from '@yaoshi/contracts/routes/content';
import * as contentAdminRoutes from '@yaoshi/contracts/routes/content-admin';
import { takeServerCountedView } from './server-counted-view';

export interface ArticleListRequest {
  catid: number;
  limit: number;
  page: number;
  /** Server-side search over the titles of the category. */
  keyword?: string;
}

/** spec 01 §2: "An array-typed data means empty." */
export function normalizeArticleList(data: ArticleList | unknown[]): ArticleList {
  return Array.isArray(data) ? { total: 0, data: [] } : data;
}

/** The topics of `/newDetail?api=…`, each served by its own endpoint (spec 01 §7). */
export const TOPIC_APIS = ['education', 'credit', 'promote'] as const;
export type TopicApi = (typeof TOPIC_APIS)[number];

export function topicApiOf(value: string | null): TopicApi | null {
  return (TOPIC_APIS as readonly string[]).includes(value ?? '') ? (value as TopicApi) : null;
}

/** Public content calls, added to the shell's one api slice. */
export const articleApi = api.injectEndpoints({
  endpoints: (build) => ({
    articleList: build.query<ArticleList, ArticleListRequest>({
      query: ({ catid, limit, page, keyword }) => ({
        route: contentRoutes.article,
        payload: { catid, limit, page, ...(keyword ? { keyword } : {}) },
      }),
      transformResponse: (data: ArticleList | unknown[]) => normalizeArticleList(data),
      providesTags: (_result, _error, { catid }) => [{ type: 'Article', id: `category-${catid}` }],
    }),
    // Not cached between visits: every open is a view the server counts, except the first
    // open of a server-rendered article, whose view the page's beacon counted (server-counted-view.ts).
    // `query` runs once per request sent, so the beacon's view is taken by exactly one request.
    article: build.query<Article, number>({
      query: (postid) => ({
        route: contentRoutes.article,
        payload: takeServerCountedView(postid) ? { postid, count: false as const } : { postid },
      }),
      keepUnusedDataFor: 0,
    }),
    slides: build.query<Slide[], void>({
      query: () => ({ route: contentRoutes.slide }),
      providesTags: ['Slide'],
    }),
    advertisements: build.query<Advertisements, void>({
      query: () => ({ route: contentRoutes.adv }),
      providesTags: ['Advertisement'],
    }),
    quickLinks: build.query<PublicQuickLink[], void>({
      query: () => ({ route: contentAdminRoutes.quickLinks }),
    }),
    topicPage: build.query<TopicPage, TopicApi>({
      query: (topic) => ({ route: contentRoutes[topic] }),
    }),
  }),
});

export const {
  useArticleListQuery,
  useArticleQuery,
  useSlidesQuery,
  useAdvertisementsQuery,
  useQuickLinksQuery,
  useTopicPageQuery,
} = articleApi;
