import { z } from 'zod';
import { TOPIC_PAGE_SLUGS, type TopicPageSlug } from '../content/content-schema';
import { SITE_NAME_PLACEHOLDERS, readDemoData, yearPlaceholders } from './demo-data';

/** Spec 01 §2: the ids are fixed and linked from the client; 6 is hidden from navigation. */
export const CATEGORY_SEED = [
  { id: 1, name: '协会动态' },
  { id: 2, name: '办事指南' },
  { id: 3, name: '继续教育' },
  { id: 4, name: '新闻资讯' },
  { id: 5, name: '药学服务' },
  { id: 6, name: '联系我们' },
  { id: 21, name: '党群工作' },
  { id: 22, name: '会员风采' },
  { id: 24, name: '协会简介' },
] as const;

const associationSchema = z.object({
  name: z.string().min(1),
  shortName: z.string().min(1),
  address: z.string(),
  postcode: z.string(),
  icp: z.string(),
  supervisionPhone: z.string(),
  supportPhones: z.tuple([z.string(), z.string(), z.string()]),
  workTimeAm: z.string(),
  workTimePm: z.string(),
  wechatQrcode: z.string(),
  staffQrcode: z.string(),
  // Demo links of /downloadApp; the association replaces them with its store pages.
  iosAppUrl: z.string(),
  androidAppUrl: z.string(),
});
export type Association = z.infer<typeof associationSchema>;

/**
 * The association the demo site belongs to (`api/demo/association.json`). Its name is the
 * default page title (spec 01 §1); every demo text that mentions it names it through a
 * placeholder, so the profile is written once.
 */
export const ASSOCIATION: Association = readDemoData('association.json', associationSchema);

const topicPageSchema = z.object({ title: z.string().min(1), content: z.string().min(1) });
const demoSiteSchema = z.object({
  friendLinks: z.array(z.object({ name: z.string().min(1), url: z.string().url() })),
  /** Links are the site's own client routes (spec 01 §2). */
  slides: z.array(z.object({ title: z.string().min(1), image: z.string(), url: z.string() })),
  /** The home page's quick links (spec 01 §1): the three topics and the national registration site. */
  quickLinks: z.array(z.object({ label: z.string().min(1), url: z.string().min(1) })),
  textAdvertisement: z.string().min(1),
  imageAdvertisement: z.object({ imageUrl: z.string(), linkUrl: z.string() }),
  /** The three quick-link pages of the home page (spec 01 §1), shown at /newDetail?api=…. */
  topicPages: z.object(
    Object.fromEntries(TOPIC_PAGE_SLUGS.map((slug) => [slug, topicPageSchema])) as Record<
      TopicPageSlug,
      typeof topicPageSchema
    >,
  ),
});
export type DemoSite = z.infer<typeof demoSiteSchema>;

/** The demo site's links, slides, advertisements and topic pages for a study year (`api/demo/site.json`). */
export function demoSiteOf(year: number): DemoSite {
  return readDemoData('site.json', demoSiteSchema, {
    ...yearPlaceholders(year),
    ...SITE_NAME_PLACEHOLDERS,
    association: ASSOCIATION,
  });
}
