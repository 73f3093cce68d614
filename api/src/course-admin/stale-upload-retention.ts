import fs from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { jobActor } from '../audit/audit-log';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { Storage } from '../storage/storage';
import type { S3Settings } from '../storage/storage-config';
import { LESSON_UPLOAD_FOLDER, lessonUploads } from './lesson-uploads';
import { freeUploadSlot, slotsStartedBefore } from './upload-slots';

/** The ids the upload routes make: nothing else in the folder is an upload. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

function lessonUploadFile(mediaDir: string, id: string): string {
  if (!UPLOAD_ID.test(id)) throw new Error('not an upload id');
  return path.join(mediaDir, LESSON_UPLOAD_FOLDER, id);
}

/**
 * Retention of lesson-video uploads left behind: a tus upload interrupted and never
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

/**
 * In a bucket the age of an upload is the newest of the objects @tus/s3-store keeps for it at
 * the bucket's root — `<id>.info` (written when the upload begins and when it completes),
 * `<id>.part` (an unfinished chunk) and `<id>` (the completed upload). The parts already sent
 * into the multipart upload are not listed with the objects, so an upload that is still
 * receiving whole chunks may look as old as its start: a week leaves room for the slowest
 * upload of the largest video (8 GB at 1 Mbit/s is under a day). The multipart upload itself
 * is aborted with it; the bucket's lifecycle rule (deploy/README.md) is the second net.
 */
export const STALE_BUCKET_UPLOAD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The objects @tus/s3-store writes for an upload whose id the upload routes made. */
const BUCKET_UPLOAD_OBJECT = /^([0-9a-f]{32})(?:\.info|\.part)?$/;

/** Deletes the bucket's uploads idle for longer than `maxAgeMs` (with `remove`); answers their ids. */
export async function deleteStaleBucketUploads(
  storage: Pick<Storage, 'list'>,
  remove: (uploadId: string) => Promise<void>,
  clock: Clock,
  maxAgeMs: number = STALE_BUCKET_UPLOAD_MAX_AGE_MS,
): Promise<string[]> {
  const newest = new Map<string, number>();
  for await (const object of storage.list('', { topLevel: true })) {
    const id = BUCKET_UPLOAD_OBJECT.exec(object.key)?.[1];
    if (id) newest.set(id, Math.max(newest.get(id) ?? 0, object.modified.getTime()));
  }
  const cutoff = clock.nowMs() - maxAgeMs;
  const deleted: string[] = [];
  for (const [id, at] of [...newest].sort(([a], [b]) => a.localeCompare(b))) {
    if (at >= cutoff) continue;
    await remove(id);
    deleted.push(id);
  }
  return deleted;
}

/** The retention job's name, as the audit trail shows it (系统任务). */
export const LESSON_UPLOAD_RETENTION_JOB = 'retention-lesson-uploads';

/**
 * The retention job's run: deletes idle uploads (from the folder or the bucket, by their own
 * age rules) and frees their open-upload slots, each with an audit record of 系统任务; a slot
 * whose upload no longer exists at all (its creation failed after the slot was taken) is
 * freed once it is as old as the rule. Answers the ids freed or deleted.
 */
export async function expireLessonUploads(deps: {
  db: Database;
  clock: Clock;
  config: { mediaDir: string; s3: S3Settings | undefined };
  storage: Storage;
}): Promise<string[]> {
  const { db, clock, config, storage } = deps;
  const uploads = lessonUploads(config, storage);
  const deleted = config.s3
    ? await deleteStaleBucketUploads(storage, (id) => uploads.remove(id), clock)
    : await deleteStaleLessonUploads(config.mediaDir, clock);
  const actor = jobActor(LESSON_UPLOAD_RETENTION_JOB);
  const idleHours = (config.s3 ? STALE_BUCKET_UPLOAD_MAX_AGE_MS : STALE_UPLOAD_MAX_AGE_MS) / 3_600_000;
  for (const id of deleted)
    await freeUploadSlot(db, clock, actor, id, 'course.upload-expire', `${idleHours}小时没有收到数据，已删除`);
  const cutoff = new Date(clock.nowMs() - (config.s3 ? STALE_BUCKET_UPLOAD_MAX_AGE_MS : STALE_UPLOAD_MAX_AGE_MS));
  for (const id of await slotsStartedBefore(db, cutoff)) {
    if (deleted.includes(id) || (await uploads.find(id))) continue;
    if (await freeUploadSlot(db, clock, actor, id, 'course.upload-expire', '上传已不存在')) deleted.push(id);
  }
  return deleted;
}
