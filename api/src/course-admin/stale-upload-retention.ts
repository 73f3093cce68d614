import fs from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Clock } from '../clock';
import { LESSON_UPLOAD_FOLDER } from './lesson-uploads';

/** The ids the upload routes make: nothing else in the folder is an upload. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

function lessonUploadFile(mediaDir: string, id: string): string {
  if (!UPLOAD_ID.test(id)) throw new Error('not an upload id');
  return path.join(mediaDir, LESSON_UPLOAD_FOLDER, id);
}

/**
 * Retention of lesson-video uploads left behind (issue 21): a tus upload interrupted and never
 * resumed, or finished and never made into a lesson (making a lesson moves the file out of
 * `<media>/.uploads/`), is deleted — data and metadata — once nothing has been written to it
 * for a day. A slow upload that is still receiving chunks is never touched: its age counts
 * from its last write.
 */
export const STALE_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** When an upload last received bytes: its data file's modification time, else its creation. */
async function lastActivityMs(mediaDir: string, id: string, createdAt: string | undefined): Promise<number> {
  const created = createdAt ? Date.parse(createdAt) : 0;
  const stat = await fs.stat(lessonUploadFile(mediaDir, id)).catch(() => null);
  return Math.max(Number.isNaN(created) ? 0 : created, stat?.mtimeMs ?? 0);
}

/** Deletes the uploads idle for longer than `maxAgeMs`; answers their ids. */
export async function deleteStaleLessonUploads(
  mediaDir: string,
  clock: Clock,
  maxAgeMs: number = STALE_UPLOAD_MAX_AGE_MS,
): Promise<string[]> {
  const store = new FileStore({ directory: path.join(mediaDir, LESSON_UPLOAD_FOLDER) });
  const ids = await store.configstore.list!().catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const cutoff = clock.nowMs() - maxAgeMs;
  const deleted: string[] = [];
  for (const id of ids) {
    let file: string;
    try {
      file = lessonUploadFile(mediaDir, id);
    } catch {
      continue; // not a name the upload routes made
    }
    const info = await store.configstore.get(id);
    if (!info) continue;
    if ((await lastActivityMs(mediaDir, id, info.creation_date)) >= cutoff) continue;
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.json`, { force: true });
    deleted.push(id);
  }
  return deleted;
}
