import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { articles, topicPages, type TopicPageSlug } from './content-schema';
import { sanitizeRichText } from './rich-text';

/** A database or a transaction: seeds write inside one, tests on the database itself. */
type Writer = PgDatabase<PgQueryResultHKT>;

export type NewArticle = typeof articles.$inferInsert;

/** The one way articles are stored: their HTML is sanitized first (see rich-text.ts). */
export function storeArticles(writer: Writer, rows: readonly NewArticle[]) {
  return writer
    .insert(articles)
    .values(rows.map((row) => ({ ...row, content: sanitizeRichText(row.content) })))
    .returning({ id: articles.id });
}

export interface NewTopicPage {
  slug: TopicPageSlug;
  title: string;
  content: string;
  updatedAt: Date;
}

export function storeTopicPages(writer: Writer, rows: readonly NewTopicPage[]) {
  return writer.insert(topicPages).values(rows.map((row) => ({ ...row, content: sanitizeRichText(row.content) })));
}
