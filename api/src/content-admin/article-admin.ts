import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AdminArticle, AdminArticleList, articleCreateSchema } from '@yaoshi/contracts/content-admin';
import type { z } from 'zod';
import { CONTENT_MESSAGES, type ArticleState } from '@yaoshi/contracts/content-admin-rules';
import type { Audit } from '../audit/audit-log';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { badInput, notFound } from '../envelope/api-error';
import { articleAttachments, articles, categories, contentFiles } from '../content/content-schema';
import { articleViewOf, likePattern, listAttachments } from '../content/content-queries';
import { formatBeijingTime, parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import { sanitizeRichText } from '../content/rich-text';

/**
 * Articles in the console (文章管理, issue 20). A new article is a draft; publishing makes it
 * public at once or at a later time (then it is "scheduled" until the clock passes it: the
 * public queries compare published_at with now, so nothing has to run at that moment);
 * unpublishing makes it a draft again; deleting removes it and its attachment links. Each
 * change runs in the caller's transaction with its audit record.
 */

const M = CONTENT_MESSAGES;

type ArticleRow = typeof articles.$inferSelect;

export function articleStateOf(row: Pick<ArticleRow, 'status' | 'publishedAt'>, now: Date): ArticleState {
  if (row.status === 'draft') return 'draft';
  return row.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

export async function listAdminArticles(
  db: Database,
  now: Date,
  query: { catid: number; keyword?: string | undefined; page: number; size: number },
): Promise<AdminArticleList> {
  const conditions: SQL[] = [eq(articles.categoryId, query.catid)];
  const keyword = query.keyword?.trim();
  if (keyword) conditions.push(ilike(articles.title, likePattern(keyword)));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(articles).where(where);
  const attachmentCount = db
    .select({ articleId: articleAttachments.articleId, n: count().as('n') })
    .from(articleAttachments)
    .groupBy(articleAttachments.articleId)
    .as('attachment_count');
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      status: articles.status,
      publishedAt: articles.publishedAt,
      pinned: articles.pinned,
      hits: articles.hits,
      attachments: sql<number>`coalesce(${attachmentCount.n}, 0)`.mapWith(Number),
    })
    .from(articles)
    .leftJoin(attachmentCount, eq(attachmentCount.articleId, articles.id))
    .where(where)
    // Drafts first (they wait for work), then the newest.
    .orderBy(asc(articles.status), desc(articles.publishedAt), desc(articles.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => {
      const state = articleStateOf(row, now);
      return {
        id: row.id,
        title: row.title,
        state,
        published_time: state === 'draft' ? null : formatBeijingTime(row.publishedAt),
        pinned: row.pinned,
        hits: row.hits,
        attachments: row.attachments,
      };
    }),
  };
}

async function findArticle(db: Database, id: number): Promise<ArticleRow> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id));
  if (!row) throw notFound(M.articleNotFound);
  return row;
}

export async function readAdminArticle(db: Database, now: Date, id: number): Promise<AdminArticle> {
  const row = await findArticle(db, id);
  const publicView = await articleViewOf(db, id);
  if (!publicView) throw notFound(M.articleNotFound);
  const state = articleStateOf(row, now);
  return {
    id: row.id,
    catid: row.categoryId,
    title: row.title,
    author: row.author,
    source: row.source,
    excerpt: row.excerpt,
    content: row.content,
    state,
    published_time: state === 'draft' ? null : formatBeijingTime(row.publishedAt),
    pinned: row.pinned,
    attachments: await listAttachments(db, id),
    public_view: publicView,
  };
}

/** What the audit record keeps of an article: enough to see what changed, not the whole text. */
function auditView(article: AdminArticle) {
  return {
    catid: article.catid,
    title: article.title,
    author: article.author,
    source: article.source,
    excerpt: article.excerpt,
    content: article.content,
    state: article.state,
    published_time: article.published_time,
    pinned: article.pinned,
    attachments: article.attachments.map((file) => file.name),
  };
}

async function checkCategory(tx: Database, catid: number): Promise<void> {
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, catid));
  if (!category) throw badInput(M.categoryUnknown);
}

/** The attachments must be uploaded attachments, each once. */
async function checkAttachments(tx: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  if (new Set(ids).size !== ids.length) throw badInput(M.attachmentUnknown);
  const found = await tx
    .select({ id: contentFiles.id })
    .from(contentFiles)
    .where(and(inArray(contentFiles.id, [...ids]), eq(contentFiles.kind, 'attachment')));
  if (found.length !== ids.length) throw badInput(M.attachmentUnknown);
}

async function linkAttachments(tx: Database, articleId: number, ids: readonly number[]): Promise<void> {
  await tx.delete(articleAttachments).where(eq(articleAttachments.articleId, articleId));
  if (ids.length > 0)
    await tx
      .insert(articleAttachments)
      .values(ids.map((fileId, index) => ({ articleId, fileId, sortOrder: index + 1 })));
}

type ArticleInput = z.output<typeof articleCreateSchema>;

function storedFields(input: ArticleInput) {
  return {
    categoryId: input.catid,
    title: input.title,
    author: input.author,
    source: input.source,
    excerpt: input.excerpt,
    content: sanitizeRichText(input.content),
  };
}

export async function createArticle(
  tx: Database,
  clock: Clock,
  audit: Audit,
  input: ArticleInput,
): Promise<AdminArticle> {
  await checkCategory(tx, input.catid);
  await checkAttachments(tx, input.attachment_ids);
  const now = clock.now();
  const [created] = await tx
    .insert(articles)
    .values({ ...storedFields(input), status: 'draft', publishedAt: now, createdAt: now, updatedAt: now })
    .returning({ id: articles.id });
  await linkAttachments(tx, created!.id, input.attachment_ids);
  const after = await readAdminArticle(tx, now, created!.id);
  await audit({ action: 'article.create', target: `${after.id} ${after.title}`, after: auditView(after) });
  return after;
}

export async function updateArticle(
  tx: Database,
  clock: Clock,
  audit: Audit,
  input: ArticleInput & { id: number },
): Promise<AdminArticle> {
  const now = clock.now();
  const before = await readAdminArticle(tx, now, input.id);
  await checkCategory(tx, input.catid);
  await checkAttachments(tx, input.attachment_ids);
  await tx
    .update(articles)
    .set({ ...storedFields(input), updatedAt: now })
    .where(eq(articles.id, input.id));
  await linkAttachments(tx, input.id, input.attachment_ids);
  const after = await readAdminArticle(tx, now, input.id);
  await audit({
    action: 'article.update',
    target: `${after.id} ${after.title}`,
    before: auditView(before),
    after: auditView(after),
  });
  return after;
}

/** 'YYYY-MM-DD HH:mm:ss' in Beijing as a time, refusing days and hours that do not exist. */
export function publicationTimeOf(text: string): Date {
  let time: Date;
  try {
    time = parseBeijingTime(text);
  } catch {
    throw badInput(M.publishTimeInvalid);
  }
  if (Number.isNaN(time.getTime()) || formatBeijingTime(time) !== text) throw badInput(M.publishTimeInvalid);
  return time;
}

/**
 * Publishes now, or at `at` (Beijing) — later means scheduled, earlier back-dates it. An
 * article already public keeps its publication time unless a new one is given.
 */
export async function publishArticle(
  tx: Database,
  clock: Clock,
  audit: Audit,
  id: number,
  at: string | undefined,
): Promise<AdminArticle> {
  const now = clock.now();
  const before = await readAdminArticle(tx, now, id);
  const publishedAt = at !== undefined ? publicationTimeOf(at) : before.state === 'published' ? undefined : now;
  await tx
    .update(articles)
    .set({ status: 'published', ...(publishedAt ? { publishedAt } : {}), updatedAt: now })
    .where(eq(articles.id, id));
  const after = await readAdminArticle(tx, now, id);
  await audit({
    action: 'article.publish',
    target: `${after.id} ${after.title}`,
    before: { state: before.state, published_time: before.published_time },
    after: { state: after.state, published_time: after.published_time },
  });
  return after;
}

export async function unpublishArticle(tx: Database, clock: Clock, audit: Audit, id: number): Promise<AdminArticle> {
  const now = clock.now();
  const before = await readAdminArticle(tx, now, id);
  await tx.update(articles).set({ status: 'draft', updatedAt: now }).where(eq(articles.id, id));
  const after = await readAdminArticle(tx, now, id);
  await audit({
    action: 'article.unpublish',
    target: `${after.id} ${after.title}`,
    before: { state: before.state, published_time: before.published_time },
    after: { state: after.state },
  });
  return after;
}

export async function pinArticle(
  tx: Database,
  clock: Clock,
  audit: Audit,
  id: number,
  pinned: boolean,
): Promise<AdminArticle> {
  const now = clock.now();
  const before = await readAdminArticle(tx, now, id);
  await tx.update(articles).set({ pinned, updatedAt: now }).where(eq(articles.id, id));
  const after = await readAdminArticle(tx, now, id);
  await audit({
    action: 'article.pin',
    target: `${after.id} ${after.title}`,
    before: { pinned: before.pinned },
    after: { pinned: after.pinned },
  });
  return after;
}

/** Deletes the article; its attachments' files stay in storage (another article may list them). */
export async function deleteArticle(tx: Database, clock: Clock, audit: Audit, id: number): Promise<null> {
  const before = await readAdminArticle(tx, clock.now(), id);
  await tx.delete(articles).where(eq(articles.id, id));
  await audit({ action: 'article.delete', target: `${before.id} ${before.title}`, before: auditView(before) });
  return null;
}
