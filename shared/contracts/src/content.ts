import './zod-setup';
import { z } from 'zod';
import { defineEndpoint, noPayload } from './endpoint';
import * as contentRoutes from './routes/content';
import { recordIdSchema, wholeNumberSchema } from './request-numbers';

/** Public content of spec 01 §3 and §7: site settings, navigation, articles, links, slides, advertisements. */

export const siteSettingsSchema = z.object({
  site_name: z.string(),
  site_wechat_qrcode: z.string(),
  site_staff_qrcode: z.string(),
  site_owner: z.string(),
  site_address: z.string(),
  site_code: z.string(),
  site_icp: z.string(),
  site_supervision_phone: z.string(),
  site_support_phone1: z.string(),
  site_support_phone2: z.string(),
  site_support_phone3: z.string().optional(),
  site_work_time_am: z.string(),
  site_work_time_pm: z.string(),
  /** /downloadApp (spec 02): where the iOS and Android apps are downloaded; empty = not yet published. */
  site_ios_url: z.string(),
  site_android_url: z.string(),
  /** The association's short name (issue 20 profile), e.g. in texts where the full name is too long. */
  site_short_name: z.string(),
  /** Extra footer lines of the profile, in order. */
  site_footer_lines: z.array(z.string()),
  /** The contact page map's marker; null when the profile has no coordinates. */
  site_map_point: z.object({ lng: z.number(), lat: z.number() }).nullable(),
  /** Present (true) only on a staging site (STAGING_SANDBOX=allow): every page shows the staging banner (./staging). */
  site_staging: z.literal(true).optional(),
  /** Present (true) only on a staging site whose SMS codes go to the development outbox, not to phones. */
  site_sms_outbox: z.literal(true).optional(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const articleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  published_time: z.string(),
  post_author: z.string(),
  post_source: z.string(),
  post_hits: z.number().int(),
  excerpt: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/** A file listed under an article's text (issue 20): PDF, Word or Excel, downloaded from `url` as `name`. */
export const articleAttachmentSchema = z.object({ name: z.string(), url: z.string(), size: z.number().int() });
export type ArticleAttachment = z.infer<typeof articleAttachmentSchema>;

export const articleSchema = articleSummarySchema.extend({
  catid: z.number().int(),
  content: z.string(),
  attachments: z.array(articleAttachmentSchema),
});
export type Article = z.infer<typeof articleSchema>;

export const articleListSchema = z.object({ total: z.number().int(), data: z.array(articleSummarySchema) });
export type ArticleList = z.infer<typeof articleListSchema>;

export const linkSchema = z.object({ name: z.string(), url: z.string(), target: z.string() });
export type FriendLink = z.infer<typeof linkSchema>;

export const slideSchema = z.object({ url: z.string(), image: z.string(), title: z.string() });
export type Slide = z.infer<typeof slideSchema>;

export const advertisementsSchema = z.object({
  textAdv: z.object({ content: z.string() }).nullable(),
  imgAdv: z.object({ url: z.string().optional(), img_url: z.string() }).nullable(),
  /** The current study year (the first regular year the server lists), for the floating ad's 年度报名中 line; null before any year exists. */
  study_year: z.number().int().nullable(),
});
export type Advertisements = z.infer<typeof advertisementsSchema>;

/** The pages behind `/newDetail?api=education|credit|promote`: a title and rich HTML. */
export const topicPageSchema = z.object({ title: z.string(), content: z.string() });
export type TopicPage = z.infer<typeof topicPageSchema>;

export const MAX_ARTICLE_PAGE_SIZE = 50;

/**
 * `/v1/article` answers two questions: a list by catid, or one article by postid. Opening one
 * counts a view, unless `count: false`: the browser's first page of a server-rendered article,
 * whose view the page's beacon counted already (article-view.ts).
 */
export const articleRequestSchema = z.union([
  z.strictObject({ postid: recordIdSchema, count: z.literal(false).optional() }),
  z.strictObject({
    catid: recordIdSchema,
    limit: wholeNumberSchema(1, MAX_ARTICLE_PAGE_SIZE).default(10),
    page: wholeNumberSchema(1, 100_000).default(1),
    keyword: z.string().trim().max(50).optional(),
  }),
]);

export const contentEndpoints = {
  site: defineEndpoint({
    ...contentRoutes.site,
    request: noPayload,
    response: siteSettingsSchema,
  }),
  category: defineEndpoint({
    ...contentRoutes.category,
    request: noPayload,
    response: z.array(categorySchema),
  }),
  article: defineEndpoint({
    ...contentRoutes.article,
    request: articleRequestSchema,
    response: z.union([articleSchema, articleListSchema]),
  }),
  links: defineEndpoint({
    ...contentRoutes.links,
    request: noPayload,
    response: z.array(linkSchema),
  }),
  slide: defineEndpoint({
    ...contentRoutes.slide,
    request: noPayload,
    response: z.array(slideSchema),
  }),
  adv: defineEndpoint({
    ...contentRoutes.adv,
    request: noPayload,
    response: advertisementsSchema,
  }),
  education: defineEndpoint({
    ...contentRoutes.education,
    request: noPayload,
    response: topicPageSchema,
  }),
  credit: defineEndpoint({
    ...contentRoutes.credit,
    request: noPayload,
    response: topicPageSchema,
  }),
  promote: defineEndpoint({
    ...contentRoutes.promote,
    request: noPayload,
    response: topicPageSchema,
  }),
};
