import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type {
  Advertisements,
  Article,
  ArticleList,
  ArticleSummary,
  Category,
  FriendLink,
  SiteSettings,
  Slide,
  TopicPage,
} from '@yaoshi/contracts/content';
import type { Database } from '../db/database';
import { academicYears } from '../catalogue/catalogue-schema';
import {
  advertisements,
  articles,
  categories,
  friendLinks,
  siteSettings,
  slides,
  topicPages,
  type TopicPageSlug,
} from './content-schema';
import { formatBeijingTime } from './published-time';

/** Reads of the public content of spec 01 §3, shaped as the contracts declare. */

export async function readSiteSettings(db: Database): Promise<SiteSettings | null> {
  const [row] = await db.select().from(siteSettings).limit(1);
  if (!row) return null;
  return {
    site_name: row.siteName,
    site_wechat_qrcode: row.wechatQrcode,
    site_staff_qrcode: row.staffQrcode,
    site_owner: row.owner,
    site_address: row.address,
    site_code: row.postcode,
    site_icp: row.icp,
    site_supervision_phone: row.supervisionPhone,
    site_support_phone1: row.supportPhone1,
    site_support_phone2: row.supportPhone2,
    ...(row.supportPhone3 ? { site_support_phone3: row.supportPhone3 } : {}),
    site_work_time_am: row.workTimeAm,
    site_work_time_pm: row.workTimePm,
    site_ios_url: row.iosAppUrl,
    site_android_url: row.androidAppUrl,
    site_short_name: row.shortName,
    site_footer_lines: row.footerLines,
    site_map_point:
      row.mapLongitude !== null && row.mapLatitude !== null ? { lng: row.mapLongitude, lat: row.mapLatitude } : null,
  };
}

export function listCategories(db: Database): Promise<Category[]> {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export interface ArticleQuery {
  catid: number;
  limit: number;
  page: number;
  keyword?: string | undefined;
}

/** `%`, `_` and `\` typed by a visitor are literal characters, not patterns. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const summaryColumns = {
  id: articles.id,
  title: articles.title,
  publishedAt: articles.publishedAt,
  author: articles.author,
  source: articles.source,
  hits: articles.hits,
  excerpt: articles.excerpt,
};

type SummaryRow = {
  id: number;
  title: string;
  publishedAt: Date;
  author: string;
  source: string;
  hits: number;
  excerpt: string;
};

function toSummary(row: SummaryRow): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    published_time: formatBeijingTime(row.publishedAt),
    post_author: row.author,
    post_source: row.source,
    post_hits: row.hits,
    excerpt: row.excerpt,
  };
}

/** One page of a category, newest first, optionally only titles containing `keyword`. */
export async function listArticles(db: Database, query: ArticleQuery): Promise<ArticleList> {
  const conditions: SQL[] = [eq(articles.categoryId, query.catid)];
  const keyword = query.keyword?.trim();
  if (keyword) conditions.push(ilike(articles.title, likePattern(keyword)));
  const where = and(...conditions);

  const [totalRow] = await db.select({ total: count() }).from(articles).where(where);
  const rows = await db
    .select(summaryColumns)
    .from(articles)
    .where(where)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { total: totalRow?.total ?? 0, data: rows.map(toSummary) };
}

/**
 * One article for its detail page, counting the view. A single UPDATE … RETURNING, so
 * concurrent readers never lose a hit and the reader sees the count including theirs.
 */
export async function openArticle(db: Database, id: number): Promise<Article | null> {
  const [row] = await db
    .update(articles)
    .set({ hits: sql`${articles.hits} + 1` })
    .where(eq(articles.id, id))
    .returning({ ...summaryColumns, catid: articles.categoryId, content: articles.content });
  if (!row) return null;
  return { ...toSummary(row), catid: row.catid, content: row.content };
}

export function listFriendLinks(db: Database): Promise<FriendLink[]> {
  return db
    .select({ name: friendLinks.name, url: friendLinks.url, target: friendLinks.target })
    .from(friendLinks)
    .orderBy(asc(friendLinks.sortOrder), asc(friendLinks.id));
}

export function listSlides(db: Database): Promise<Slide[]> {
  return db
    .select({ url: slides.url, image: slides.image, title: slides.title })
    .from(slides)
    .orderBy(asc(slides.sortOrder), asc(slides.id));
}

/** The first enabled advertisement of each kind (none of a kind → null), and the current study year. */
export async function readAdvertisements(db: Database): Promise<Advertisements> {
  const rows = await db
    .select()
    .from(advertisements)
    .where(eq(advertisements.enabled, true))
    .orderBy(asc(advertisements.sortOrder), asc(advertisements.id));
  const text = rows.find((row) => row.kind === 'text');
  const image = rows.find((row) => row.kind === 'image');
  // The current study year: the first regular (not make-up) year in /v1/academic_year's order.
  const [current] = await db
    .select({ year: academicYears.year })
    .from(academicYears)
    .where(eq(academicYears.isBuxue, false))
    .orderBy(asc(academicYears.sortOrder), asc(academicYears.year))
    .limit(1);
  return {
    study_year: current?.year ?? null,
    textAdv: text?.content ? { content: text.content } : null,
    imgAdv: image?.imageUrl ? { img_url: image.imageUrl, ...(image.linkUrl ? { url: image.linkUrl } : {}) } : null,
  };
}

export async function readTopicPage(db: Database, slug: TopicPageSlug): Promise<TopicPage | null> {
  const [row] = await db
    .select({ title: topicPages.title, content: topicPages.content })
    .from(topicPages)
    .where(eq(topicPages.slug, slug));
  return row ?? null;
}
