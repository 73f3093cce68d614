import { and, lt, notInArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Clock } from '../clock';
import type { Storage } from '../storage/storage';
import { courses } from '../catalogue/catalogue-schema';
import { rowsOf, type Database } from '../db/database';
import {
  advertisements,
  articleAttachments,
  articles,
  contentFiles,
  friendLinks,
  quickLinks,
  siteSettings,
  slides,
  topicPages,
} from '../content/content-schema';
import { CONTENT_FILE_FOLDER } from './content-files';

/**
 * Retention of staff uploads never used (issue 21): an image or attachment uploaded in the
 * article editor or the home-page console and then abandoned (the editor closed, the slide
 * never saved) is deleted — row and file — once it is a day old and nothing refers to it.
 *
 * "Refers to" is read generously, so a file in use is never deleted: an article's attachment
 * list, or the file's path anywhere in the text of any row of the tables whose text may hold
 * a media address (article and topic-page bodies, slides, advertisements, quick links, friend
 * links, the association profile, course pages).
 */
export const UNATTACHED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The tables whose rows may carry a content file's address in some text column. */
const REFERRING_TABLES: readonly PgTable[] = [
  articles,
  topicPages,
  slides,
  advertisements,
  quickLinks,
  friendLinks,
  siteSettings,
  courses,
];

/** A content file's path as storeUpload names it: `content/<32 hex>.<extension>`. */
const CONTENT_PATH_PATTERN = `${CONTENT_FILE_FOLDER}/[0-9a-f]{32}\\.[A-Za-z0-9]+`;

/** Every content-file path some row's text mentions (one pass over each table, whatever the number of files). */
async function referencedPaths(db: Database): Promise<string[]> {
  const found = new Set<string>();
  for (const table of REFERRING_TABLES) {
    const rows = await rowsOf<{ path: string }>(
      db,
      sql`select distinct (regexp_matches(r::text, ${CONTENT_PATH_PATTERN}, 'g'))[1] as path from ${table} as r`,
    );
    for (const row of rows) found.add(row.path);
  }
  return [...found];
}

/** Deletes the content files older than `maxAgeMs` that nothing refers to; answers their paths. Files already gone are fine. */
export async function deleteUnattachedContentFiles(
  db: Database,
  clock: Clock,
  storage: Storage,
  maxAgeMs: number = UNATTACHED_UPLOAD_MAX_AGE_MS,
): Promise<string[]> {
  const cutoff = new Date(clock.nowMs() - maxAgeMs);
  const inUse = await referencedPaths(db);
  const attached = db.select({ id: articleAttachments.fileId }).from(articleAttachments);
  // One statement: an attachment added meanwhile makes it fail on the foreign key (the job is
  // retried), never leaves an article pointing at a deleted row.
  const removed = await db
    .delete(contentFiles)
    .where(
      and(
        lt(contentFiles.createdAt, cutoff),
        notInArray(contentFiles.id, attached),
        ...(inUse.length > 0 ? [notInArray(contentFiles.path, inUse)] : []),
      ),
    )
    .returning({ path: contentFiles.path });
  for (const { path: relative } of removed) await storage.delete(relative);
  return removed.map((row) => row.path).sort();
}
