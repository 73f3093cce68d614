import { and, asc, count, desc, eq, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PublicQuickLink } from '@yaoshi/contracts/content-admin';
import type {
  Advertisements,
  Article,
  ArticleAttachment,
  ArticleList,
  ArticleSummary,
  Category,
  FriendLink,
  SiteSettings,
  Slide,
  TopicPage,
} from '@yaoshi/contracts/content';
import type { Database } from '../db/database';
import { currentStudyYear } from '../catalogue/study-years';
import {
  advertisements,
  articleAttachments,
  articles,
  categories,
  contentFiles,
  friendLinks,
  quickLinks,
  siteSettings,
  slides,
  topicPages,
  type TopicPageSlug,
} from './content-schema';
import { beijingDayOf, formatBeijingTime } from '@yaoshi/contracts/beijing-time';

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
  /** The clock's time: articles scheduled after it are not public yet. */
  now: Date;
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

/** What the public sees: published articles whose publication time has come (a scheduled one appears by itself). */
export function isPublic(now: Date): SQL {
  return and(eq(articles.status, 'published'), lte(articles.publishedAt, now))!;
}

/** One page of a category's public articles, pinned first, then newest first, optionally only titles containing `keyword`. */
export async function listArticles(db: Database, query: ArticleQuery): Promise<ArticleList> {
  const conditions: SQL[] = [eq(articles.categoryId, query.catid), isPublic(query.now)];
  const keyword = query.keyword?.trim();
  if (keyword) conditions.push(ilike(articles.title, likePattern(keyword)));
  const where = and(...conditions);

  const [totalRow] = await db.select({ total: count() }).from(articles).where(where);
  const rows = await db
    .select(summaryColumns)
    .from(articles)
    .where(where)
    .orderBy(desc(articles.pinned), desc(articles.publishedAt), desc(articles.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { total: totalRow?.total ?? 0, data: rows.map(toSummary) };
}

/** An article's attachments in their order, as links a visitor downloads. */
export function listAttachments(db: Database, articleId: number): Promise<(ArticleAttachment & { id: number })[]> {
  return db
    .select({ id: contentFiles.id, name: contentFiles.name, path: contentFiles.path, size: contentFiles.size })
    .from(articleAttachments)
    .innerJoin(contentFiles, eq(contentFiles.id, articleAttachments.fileId))
    .where(eq(articleAttachments.articleId, articleId))
    .orderBy(asc(articleAttachments.sortOrder))
    .then((rows) => rows.map((row) => ({ id: row.id, name: row.name, size: row.size, url: mediaUrlOf(row.path) })));
}

export function mediaUrlOf(path: string): string {
  return `/media/${path}`;
}

/**
 * One public article for its detail page, counting the view. A single UPDATE … RETURNING, so
 * concurrent readers never lose a hit and the reader sees the count including theirs. A
 * draft, a deleted article and one scheduled for later are all "not found".
 */
export async function openArticle(db: Database, id: number, now: Date): Promise<Article | null> {
  const [row] = await db
    .update(articles)
    .set({ hits: sql`${articles.hits} + 1` })
    .where(and(eq(articles.id, id), isPublic(now)))
    .returning({ ...summaryColumns, catid: articles.categoryId, content: articles.content });
  if (!row) return null;
  const attachments = (await listAttachments(db, row.id)).map(({ name, url, size }) => ({ name, url, size }));
  return { ...toSummary(row), catid: row.catid, content: row.content, attachments };
}

/**
 * Counts one view of a public article (the beacon of a server-rendered page, article-view-route.ts):
 * a single UPDATE, so concurrent readers never lose a hit. False, and nothing changed, when the
 * article is a draft, deleted, scheduled for later or unknown.
 */
export async function countArticleView(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(articles)
    .set({ hits: sql`${articles.hits} + 1` })
    .where(and(eq(articles.id, id), isPublic(now)))
    .returning({ id: articles.id });
  return rows.length > 0;
}

/**
 * A public article as /v1/article answers for it, without counting a view: what the server
 * puts in a page's HTML (title, description, server rendering). Null when it is not public.
 */
export async function readPublicArticle(db: Database, id: number, now: Date): Promise<Article | null> {
  const [row] = await db
    .select({ ...summaryColumns, catid: articles.categoryId, content: articles.content })
    .from(articles)
    .where(and(eq(articles.id, id), isPublic(now)));
  if (!row) return null;
  const attachments = (await listAttachments(db, row.id)).map(({ name, url, size }) => ({ name, url, size }));
  return { ...toSummary(row), catid: row.catid, content: row.content, attachments };
}

/** Every public article's address facts for the sitemap, newest change last-modified. */
export function listPublicArticleStamps(db: Database, now: Date) {
  return db
    .select({ id: articles.id, publishedAt: articles.publishedAt, updatedAt: articles.updatedAt })
    .from(articles)
    .where(isPublic(now))
    .orderBy(asc(articles.id));
}

/** The article as /v1/article answers for it, without counting a view: the console's preview. */
export async function articleViewOf(db: Database, id: number): Promise<Article | null> {
  const [row] = await db
    .select({ ...summaryColumns, catid: articles.categoryId, content: articles.content })
    .from(articles)
    .where(eq(articles.id, id));
  if (!row) return null;
  const attachments = (await listAttachments(db, row.id)).map(({ name, url, size }) => ({ name, url, size }));
  return { ...toSummary(row), catid: row.catid, content: row.content, attachments };
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
    .where(eq(slides.enabled, true))
    .orderBy(asc(slides.sortOrder), asc(slides.id));
}

/** The home page's enabled quick links, in order. */
export function listQuickLinks(db: Database): Promise<PublicQuickLink[]> {
  return db
    .select({ label: quickLinks.label, url: quickLinks.url })
    .from(quickLinks)
    .where(eq(quickLinks.enabled, true))
    .orderBy(asc(quickLinks.sortOrder), asc(quickLinks.id));
}

/**
 * The first enabled advertisement of each kind showing today (its start and end days, in
 * Beijing, included; none of a kind → null), and the current study year.
 */
export async function readAdvertisements(db: Database, now: Date): Promise<Advertisements> {
  const today = beijingDayOf(now);
  const rows = await db
    .select()
    .from(advertisements)
    .where(
      and(
        eq(advertisements.enabled, true),
        or(isNull(advertisements.startsOn), lte(advertisements.startsOn, today)),
        or(isNull(advertisements.endsOn), gte(advertisements.endsOn, today)),
      ),
    )
    .orderBy(asc(advertisements.sortOrder), asc(advertisements.id));
  const text = rows.find((row) => row.kind === 'text');
  const image = rows.find((row) => row.kind === 'image');
  // The current study year, by the one rule every page uses.
  const current = await currentStudyYear(db, now);
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
