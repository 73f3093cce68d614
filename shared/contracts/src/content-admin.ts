import './zod-setup';
import { z } from 'zod';
import { defineEndpoint, noPayload } from './endpoint';
import * as contentAdminRoutes from './routes/content-admin';
import { articleSchema } from './content';
import { recordIdSchema } from './request-numbers';
import {
  ARTICLE_STATES,
  BEIJING_TIME_PATTERN,
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  DATE_PATTERN,
  UPLOAD_KINDS,
  isSiteImage,
  isSiteLink,
} from './content-admin-rules';

/**
 * 文章管理 and 首页管理 in the staff console (内容编辑, issue 20). Every call needs
 * `content.edit`; every change writes an audit record. Articles are stored as HTML sanitized
 * on the server; the site renders it through DOMPurify once more.
 */

const M = CONTENT_MESSAGES;
const L = CONTENT_LIMITS;

// ── Articles ─────────────────────────────────────────────────────────────────────────

export const articleListRequestSchema = z.strictObject({
  catid: recordIdSchema,
  keyword: z.string().trim().max(L.keyword).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
});
export type AdminArticleListRequest = z.input<typeof articleListRequestSchema>;

export const adminArticleRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  state: z.enum(ARTICLE_STATES),
  /** 'YYYY-MM-DD HH:mm:ss' Beijing; for a draft, null. */
  published_time: z.string().nullable(),
  pinned: z.boolean(),
  hits: z.number().int(),
  attachments: z.number().int(),
});
export type AdminArticleRow = z.infer<typeof adminArticleRowSchema>;

export const adminArticleListSchema = z.object({ total: z.number().int(), rows: z.array(adminArticleRowSchema) });
export type AdminArticleList = z.infer<typeof adminArticleListSchema>;

export const contentFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type ContentFile = z.infer<typeof contentFileSchema>;

export const adminArticleSchema = z.object({
  id: z.number().int(),
  catid: z.number().int(),
  title: z.string(),
  author: z.string(),
  source: z.string(),
  excerpt: z.string(),
  /** As stored: sanitized. */
  content: z.string(),
  state: z.enum(ARTICLE_STATES),
  published_time: z.string().nullable(),
  pinned: z.boolean(),
  attachments: z.array(contentFileSchema),
  /** The article exactly as /v1/article will answer for it once it is public (for the preview). */
  public_view: articleSchema,
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

const articleFields = {
  catid: recordIdSchema,
  title: z.string({ error: M.titleRequired }).trim().min(1, { error: M.titleRequired }).max(L.title, {
    error: M.titleTooLong,
  }),
  author: z.string().trim().max(L.author, { error: M.authorTooLong }).default(''),
  source: z.string().trim().max(L.source, { error: M.sourceTooLong }).default(''),
  excerpt: z.string().trim().max(L.excerpt, { error: M.excerptTooLong }).default(''),
  content: z
    .string({ error: M.contentRequired })
    .min(1, { error: M.contentRequired })
    .max(L.html, { error: M.contentTooLong }),
  /** Uploaded attachments (kind attachment), in the order the page lists them. */
  attachment_ids: z.array(recordIdSchema).max(L.attachments, { error: M.tooManyAttachments }).default([]),
};

export const articleCreateSchema = z.strictObject(articleFields);
export type ArticleCreateRequest = z.input<typeof articleCreateSchema>;
export const articleUpdateSchema = z.strictObject({ id: recordIdSchema, ...articleFields });
export type ArticleUpdateRequest = z.input<typeof articleUpdateSchema>;

export const articleIdSchema = z.strictObject({ id: recordIdSchema });

export const articlePublishSchema = z.strictObject({
  id: recordIdSchema,
  /** Beijing time 'YYYY-MM-DD HH:mm:ss'; absent: now. A later time schedules the publication. */
  at: z.string().regex(BEIJING_TIME_PATTERN, { error: M.publishTimeInvalid }).optional(),
});
export type ArticlePublishRequest = z.input<typeof articlePublishSchema>;

export const articlePinSchema = z.strictObject({ id: recordIdSchema, pinned: z.boolean() });

export const uploadRequestSchema = z.strictObject({
  kind: z.enum(UPLOAD_KINDS),
  name: z
    .string({ error: M.fileNameInvalid })
    .trim()
    .min(1, { error: M.fileNameInvalid })
    .max(L.fileName, { error: M.fileNameInvalid })
    .regex(/^[^/\\\0]+$/, { error: M.fileNameInvalid }),
  file_base64: z.string({ error: M.fileRequired }).min(1, { error: M.fileRequired }),
});
export type UploadRequest = z.input<typeof uploadRequestSchema>;

// ── Home page ────────────────────────────────────────────────────────────────────────

const linkField = z
  .string()
  .trim()
  .max(L.url, { error: M.linkInvalid })
  .refine((url) => url === '' || isSiteLink(url), { error: M.linkInvalid });
const imageField = z
  .string({ error: M.imageRequired })
  .trim()
  .min(1, { error: M.imageRequired })
  .max(L.url, { error: M.imageUrlInvalid })
  .refine(isSiteImage, { error: M.imageUrlInvalid });
const dateField = z.string().regex(DATE_PATTERN, { error: M.dateInvalid }).nullable();

export const homeSlideSchema = z.strictObject({
  title: z.string().trim().min(1, { error: M.slideTitleRequired }).max(L.slideTitle, { error: M.slideTitleTooLong }),
  image: imageField,
  url: linkField,
  enabled: z.boolean(),
});
export type HomeSlide = z.output<typeof homeSlideSchema>;

const withDateRange = <T extends { starts_on: string | null; ends_on: string | null }>(value: T) =>
  value.starts_on === null || value.ends_on === null || value.starts_on <= value.ends_on;

export const textAdSchema = z
  .strictObject({
    content: z.string().max(L.textAd, { error: M.textAdTooLong }),
    enabled: z.boolean(),
    starts_on: dateField,
    ends_on: dateField,
  })
  .refine(withDateRange, { error: M.dateRangeInvalid, path: ['ends_on'] })
  .refine((ad) => !ad.enabled || ad.content.trim() !== '', { error: M.textAdRequired, path: ['content'] });
export type TextAd = z.output<typeof textAdSchema>;

export const imageAdSchema = z
  .strictObject({
    image_url: z
      .string()
      .trim()
      .max(L.url, { error: M.imageUrlInvalid })
      .refine((url) => url === '' || isSiteImage(url), { error: M.imageUrlInvalid }),
    link_url: linkField,
    enabled: z.boolean(),
    starts_on: dateField,
    ends_on: dateField,
  })
  .refine(withDateRange, { error: M.dateRangeInvalid, path: ['ends_on'] })
  .refine((ad) => !ad.enabled || ad.image_url !== '', { error: M.imageRequired, path: ['image_url'] });
export type ImageAd = z.output<typeof imageAdSchema>;

export const quickLinkSchema = z.strictObject({
  label: z
    .string()
    .trim()
    .min(1, { error: M.quickLinkLabelRequired })
    .max(L.quickLinkLabel, { error: M.quickLinkLabelTooLong }),
  url: z
    .string()
    .trim()
    .min(1, { error: M.linkInvalid })
    .max(L.url, { error: M.linkInvalid })
    .refine(isSiteLink, { error: M.linkInvalid }),
  enabled: z.boolean(),
});
export type QuickLink = z.output<typeof quickLinkSchema>;

export const slidesSaveSchema = z.strictObject({
  slides: z.array(homeSlideSchema).max(L.slides, { error: M.tooManySlides }),
});
export const adsSaveSchema = z.strictObject({ text_ad: textAdSchema, image_ad: imageAdSchema });
export const quickLinksSaveSchema = z.strictObject({
  quick_links: z.array(quickLinkSchema).max(L.quickLinks, { error: M.tooManyQuickLinks }),
});

export const homeContentSchema = z.object({
  slides: z.array(z.object({ title: z.string(), image: z.string(), url: z.string(), enabled: z.boolean() })),
  text_ad: z.object({
    content: z.string(),
    enabled: z.boolean(),
    starts_on: z.string().nullable(),
    ends_on: z.string().nullable(),
  }),
  image_ad: z.object({
    image_url: z.string(),
    link_url: z.string(),
    enabled: z.boolean(),
    starts_on: z.string().nullable(),
    ends_on: z.string().nullable(),
  }),
  quick_links: z.array(z.object({ label: z.string(), url: z.string(), enabled: z.boolean() })),
});
export type HomeContent = z.infer<typeof homeContentSchema>;

/** The home page's quick links as the public site reads them (enabled ones, in order). */
export const publicQuickLinkSchema = z.object({ label: z.string(), url: z.string() });
export type PublicQuickLink = z.infer<typeof publicQuickLinkSchema>;

export const contentAdminEndpoints = {
  articleList: defineEndpoint({
    ...contentAdminRoutes.articleList,
    request: articleListRequestSchema,
    response: adminArticleListSchema,
  }),
  articleDetail: defineEndpoint({
    ...contentAdminRoutes.articleDetail,
    request: articleIdSchema,
    response: adminArticleSchema,
  }),
  articleCreate: defineEndpoint({
    ...contentAdminRoutes.articleCreate,
    request: articleCreateSchema,
    response: adminArticleSchema,
  }),
  articleUpdate: defineEndpoint({
    ...contentAdminRoutes.articleUpdate,
    request: articleUpdateSchema,
    response: adminArticleSchema,
  }),
  articlePublish: defineEndpoint({
    ...contentAdminRoutes.articlePublish,
    request: articlePublishSchema,
    response: adminArticleSchema,
  }),
  articleUnpublish: defineEndpoint({
    ...contentAdminRoutes.articleUnpublish,
    request: articleIdSchema,
    response: adminArticleSchema,
  }),
  articlePin: defineEndpoint({
    ...contentAdminRoutes.articlePin,
    request: articlePinSchema,
    response: adminArticleSchema,
  }),
  articleDelete: defineEndpoint({
    ...contentAdminRoutes.articleDelete,
    request: articleIdSchema,
    response: z.null(),
  }),
  upload: defineEndpoint({
    ...contentAdminRoutes.upload,
    request: uploadRequestSchema,
    response: contentFileSchema,
  }),
  home: defineEndpoint({
    ...contentAdminRoutes.home,
    request: noPayload,
    response: homeContentSchema,
  }),
  slidesSave: defineEndpoint({
    ...contentAdminRoutes.slidesSave,
    request: slidesSaveSchema,
    response: homeContentSchema,
  }),
  adsSave: defineEndpoint({
    ...contentAdminRoutes.adsSave,
    request: adsSaveSchema,
    response: homeContentSchema,
  }),
  quickLinksSave: defineEndpoint({
    ...contentAdminRoutes.quickLinksSave,
    request: quickLinksSaveSchema,
    response: homeContentSchema,
  }),
  quickLinks: defineEndpoint({
    ...contentAdminRoutes.quickLinks,
    request: noPayload,
    response: z.array(publicQuickLinkSchema),
  }),
};
