import { api } from '@yaoshi/api-client/api';
import type { Category } from '@yaoshi/contracts/content';
import type {
  AdminArticle,
  AdminArticleList,
  AdminArticleListRequest,
  ArticleCreateRequest,
  ArticlePublishRequest,
  ArticleUpdateRequest,
  ContentFile,
  HomeContent,
  HomeSlide,
  ImageAd,
  QuickLink,
  TextAd,
  UploadRequest,
} from '@yaoshi/contracts/content-admin';
import * as contentRoutes from '@yaoshi/contracts/routes/content';
import * as contentAdminRoutes from '@yaoshi/contracts/routes/content-admin';

/**
 * 文章管理 and 首页管理 (内容编辑, issue 20) on the shell's one API slice. A change to
 * articles or the home page also drops the public lists' cached answers ('Article', 'Slide',
 * 'Advertisement'), so the site in the same browser shows it without a reload.
 */
const base = api.enhanceEndpoints({
  addTagTypes: ['AdminArticle', 'HomeContent', 'Audit', 'Article', 'Slide', 'Advertisement', 'QuickLink'],
});

const ARTICLE_CHANGES = ['AdminArticle', 'Audit', 'Article'] as const;

export const contentAdminApi = base.injectEndpoints({
  endpoints: (build) => ({
    contentCategories: build.query<Category[], void>({
      query: () => ({ route: contentRoutes.category }),
    }),
    adminArticles: build.query<AdminArticleList, AdminArticleListRequest>({
      query: (payload) => ({ route: contentAdminRoutes.articleList, payload: { ...payload } }),
      providesTags: ['AdminArticle'],
    }),
    adminArticle: build.query<AdminArticle, number>({
      query: (id) => ({ route: contentAdminRoutes.articleDetail, payload: { id } }),
      providesTags: ['AdminArticle'],
    }),
    articleCreate: build.mutation<AdminArticle, ArticleCreateRequest>({
      query: (payload) => ({ route: contentAdminRoutes.articleCreate, payload: { ...payload } }),
      invalidatesTags: [...ARTICLE_CHANGES],
    }),
    articleUpdate: build.mutation<AdminArticle, ArticleUpdateRequest>({
      query: (payload) => ({ route: contentAdminRoutes.articleUpdate, payload: { ...payload } }),
      invalidatesTags: [...ARTICLE_CHANGES],
    }),
    articlePublish: build.mutation<AdminArticle, ArticlePublishRequest>({
      query: (payload) => ({ route: contentAdminRoutes.articlePublish, payload: { ...payload } }),
      invalidatesTags: [...ARTICLE_CHANGES],
    }),
    articleUnpublish: build.mutation<AdminArticle, number>({
      query: (id) => ({ route: contentAdminRoutes.articleUnpublish, payload: { id } }),
      invalidatesTags: [...ARTICLE_CHANGES],
    }),
    articlePin: build.mutation<AdminArticle, { id: number; pinned: boolean }>({
      query: (payload) => ({ route: contentAdminRoutes.articlePin, payload: { ...payload } }),
      invalidatesTags: [...ARTICLE_CHANGES],
    }),
    articleDelete: build.mutation<null, number>({
      query: (id) => ({ route: contentAdminRoutes.articleDelete, payload: { id } }),
      invalidatesTags: [...ARTICLE_CHANGES],
    }),
    contentUpload: build.mutation<ContentFile, UploadRequest>({
      query: (payload) => ({ route: contentAdminRoutes.upload, payload: { ...payload } }),
      invalidatesTags: ['Audit'],
    }),
    homeContent: build.query<HomeContent, void>({
      query: () => ({ route: contentAdminRoutes.home }),
      providesTags: ['HomeContent'],
    }),
    slidesSave: build.mutation<HomeContent, { slides: HomeSlide[] }>({
      query: (payload) => ({ route: contentAdminRoutes.slidesSave, payload: { ...payload } }),
      invalidatesTags: ['HomeContent', 'Audit', 'Slide'],
    }),
    adsSave: build.mutation<HomeContent, { text_ad: TextAd; image_ad: ImageAd }>({
      query: (payload) => ({ route: contentAdminRoutes.adsSave, payload: { ...payload } }),
      invalidatesTags: ['HomeContent', 'Audit', 'Advertisement'],
    }),
    quickLinksSave: build.mutation<HomeContent, { quick_links: QuickLink[] }>({
      query: (payload) => ({ route: contentAdminRoutes.quickLinksSave, payload: { ...payload } }),
      invalidatesTags: ['HomeContent', 'Audit', 'QuickLink'],
    }),
  }),
});

export const {
  useContentCategoriesQuery,
  useAdminArticlesQuery,
  useAdminArticleQuery,
  useArticleCreateMutation,
  useArticleUpdateMutation,
  useArticlePublishMutation,
  useArticleUnpublishMutation,
  useArticlePinMutation,
  useArticleDeleteMutation,
  useContentUploadMutation,
  useHomeContentQuery,
  useSlidesSaveMutation,
  useAdsSaveMutation,
  useQuickLinksSaveMutation,
} = contentAdminApi;
