import fs from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Transcode } from '@yaoshi/contracts/course-admin';
import {
  COURSE_ADMIN_MESSAGES as M,
  TRANSCODE_STATUS_LABELS,
  type TranscodeStatusName,
} from '@yaoshi/contracts/course-admin-rules';
import type { Clock } from '../clock';
import { jobActor, writeAudit, type Audit } from '../audit/audit-log';
import type { Database } from '../db/database';
import { conflict, notFound } from '../envelope/api-error';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { courseLessons, courses } from '../catalogue/catalogue-schema';
import type { JobContext, JobQueue, RetryPolicy } from '../jobs/job-queue';
import { ORPHANED_AFTER_SECONDS, sweepOrphans } from '../jobs/orphaned-jobs';
import { publicMediaUrl } from '../media/private-media';
import type { Storage } from '../storage/storage';
import { MASTER_PLAYLIST } from './hls-rules';
import { transcodeToHls } from './hls-transcode';
import { videoTranscodes } from './video-transcode-schema';

/**
 * The transcoding job (issue 21): each lesson video — uploaded in 课程管理, or one of the demo
 * videos at first start — is transcoded once into HLS by `transcodeToHls` on the job queue,
 * and its row in `video_transcodes` says how far it is (排队中 → 转码中 with a percent →
 * 已完成, or 失败 with ffmpeg's reason). Until it is done, learners play the uploaded file
 * itself (MP4 or WebM, which the player plays as it did before); once done, the master
 * playlist (`playbackPathOf`), and every lesson version and course playing that file count
 * the transcoded length.
 *
 * - A job that throws (storage down, the server killed mid-way) is retried by the queue's
 *   policy; a job whose server died is retried once its attempt expires.
 * - ffmpeg refusing the video is an answer, not a crash: 失败 with its reason, not retried.
 *   重新转码 (`retryTranscode`) puts it back in the queue under a new generation, so a stale
 *   job of the old generation finds nothing to do.
 */
export const TRANSCODE_JOB = 'video-transcode';

const MINUTE = 60;
export const TRANSCODE_POLICY: Partial<RetryPolicy> = {
  retryLimit: 2,
  retryDelaySeconds: MINUTE,
  retryBackoff: true,
  // A lesson of a few hours takes long on two cores; an attempt alive longer than this crashed.
  expireInSeconds: 3 * 60 * MINUTE,
};

/** Progress rows are written at most this often (ffmpeg reports several times a second). */
export const PROGRESS_WRITE_MS = 1000;
/** The percent a running transcode shows at most: 100 means stored and playable. */
const RUNNING_PERCENT_MAX = 99;

export interface TranscodePayload {
  transcodeId: number;
  generation: number;
}

type TranscodeRow = typeof videoTranscodes.$inferSelect;

/** Where a video's renditions and poster live: beside it, `videos/lessons/12-ab….mp4` → `videos/lessons/12-ab…-hls/`. */
export function hlsFolderOf(sourcePath: string): string {
  const extension = path.posix.extname(sourcePath);
  return `${extension ? sourcePath.slice(0, -extension.length) : sourcePath}-hls`;
}

/** The row as the console shows it. */
export function transcodeView(row: TranscodeRow): Transcode {
  return {
    transcode_id: row.id,
    status: row.status,
    status_text: TRANSCODE_STATUS_LABELS[row.status],
    percent: row.status === 'done' ? 100 : row.percent,
    reason: row.failureReason ?? '',
    attempts: row.attempts,
    master_url: publicMediaUrl(row.masterPath),
    poster_url: publicMediaUrl(row.posterPath),
    duration: row.durationSeconds,
    updated_at: formatBeijingTime(row.updatedAt),
  };
}

/** The transcodes of these videos, by video path. */
export async function transcodesOf(db: Database, sourcePaths: readonly string[]): Promise<Map<string, Transcode>> {
  const unique = [...new Set(sourcePaths)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(videoTranscodes).where(inArray(videoTranscodes.sourcePath, unique));
  return new Map(rows.map((row) => [row.sourcePath, transcodeView(row)]));
}

/**
 * What a learner's player is given for a lesson video: the HLS master once the transcode is
 * done, the uploaded file itself until then (so a lesson never stops playing while it is
 * transcoded, and a failed transcode leaves the lesson as it was).
 */
export async function playbackPathOf(db: Database, sourcePath: string): Promise<string> {
  const [done] = await db
    .select({ master: videoTranscodes.masterPath })
    .from(videoTranscodes)
    .where(
      and(
        eq(videoTranscodes.sourcePath, sourcePath),
        eq(videoTranscodes.status, 'done'),
        isNotNull(videoTranscodes.masterPath),
      ),
    );
  return done?.master ?? sourcePath;
}

/**
 * A queued transcode of `sourcePath`, in the caller's transaction (the one that records the
 * lesson version); null when the video has one already. Enqueue it after the commit
 * (`offerTranscode`), so the job never looks for a row that is not there yet.
 */
export async function recordTranscode(tx: Database, clock: Clock, sourcePath: string): Promise<number | null> {
  const now = clock.now();
  const [row] = await tx
    .insert(videoTranscodes)
    .values({ sourcePath, status: 'queued', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: videoTranscodes.id });
  return row?.id ?? null;
}

/** Puts a queued transcode on the job queue (nothing when it is not queued). */
export async function offerTranscode(db: Database, jobs: Pick<JobQueue, 'enqueue'>, transcodeId: number) {
  const [row] = await db.select().from(videoTranscodes).where(eq(videoTranscodes.id, transcodeId));
  if (!row || row.status !== 'queued') return;
  await jobs.enqueue<TranscodePayload>(
    TRANSCODE_JOB,
    { transcodeId: row.id, generation: row.generation },
    TRANSCODE_POLICY,
  );
}

/**
 * The sweep (a timed job, jobs/orphaned-jobs.ts): a transcode 排队中 with no job is offered
 * again; one 转码中 with no job (a running transcode writes its progress every second) is
 * 失败 with why, for 重新转码. Answers how many it offered and failed.
 */
export async function sweepOrphanedTranscodes(
  db: Database,
  clock: Clock,
  jobs: Pick<JobQueue, 'enqueue' | 'unfinished'>,
): Promise<{ offered: number; failed: number }> {
  // The jobs first: a job that finishes after this has already moved its row on.
  const alive = new Set(
    (await jobs.unfinished<TranscodePayload>(TRANSCODE_JOB)).map((job) => `${job.transcodeId}:${job.generation}`),
  );
  const before = new Date(clock.now().getTime() - ORPHANED_AFTER_SECONDS * 1000);
  const stale = await db
    .select()
    .from(videoTranscodes)
    .where(and(inArray(videoTranscodes.status, ['queued', 'running']), lt(videoTranscodes.updatedAt, before)));
  return sweepOrphans({
    alive,
    stale,
    keyOf: (row) => `${row.id}:${row.generation}`,
    waitingStatus: 'queued',
    offer: (row) => offerTranscode(db, jobs, row.id),
    async fail(row) {
      const marked = await db
        .update(videoTranscodes)
        .set({ status: 'failed', failureReason: M.transcodeOrphaned, finishedAt: clock.now(), updatedAt: clock.now() })
        .where(
          and(
            eq(videoTranscodes.id, row.id),
            eq(videoTranscodes.generation, row.generation),
            eq(videoTranscodes.status, 'running'),
            lt(videoTranscodes.updatedAt, before),
          ),
        )
        .returning({ id: videoTranscodes.id });
      return marked.length > 0;
    },
  });
}

/**
 * At a server's start: every lesson video without a transcode (the demo videos on first start,
 * videos from before this feature) gets one, enqueued by the one server whose insert made the
 * row. On the in-process queue (PGlite), whose jobs die with the process, the transcodes left
 * queued or running are enqueued again; pg-boss keeps its jobs across restarts itself.
 * Answers how many it enqueued. A second start of a transcoded site enqueues nothing.
 */
export async function offerTranscodesAtStart(db: Database, clock: Clock, jobs: JobQueue): Promise<number> {
  const now = clock.now();
  const lessonPaths = await db.selectDistinct({ path: courseLessons.videoPath }).from(courseLessons);
  const coursePaths = await db
    .selectDistinct({ path: courses.videoPath })
    .from(courses)
    .where(isNotNull(courses.videoPath));
  const paths = [...new Set([...lessonPaths, ...coursePaths].map((row) => row.path).filter((p) => p !== null))];
  const created =
    paths.length === 0
      ? []
      : await db
          .insert(videoTranscodes)
          .values(
            paths.map((sourcePath) => ({ sourcePath, status: 'queued' as const, createdAt: now, updatedAt: now })),
          )
          .onConflictDoNothing()
          .returning({ id: videoTranscodes.id });
  const ids = new Set(created.map((row) => row.id));
  if (jobs.runner === 'in-process') {
    const unfinished = await db
      .select({ id: videoTranscodes.id })
      .from(videoTranscodes)
      .where(inArray(videoTranscodes.status, ['queued', 'running']));
    for (const row of unfinished) ids.add(row.id);
    // A transcode cut off by the last stop starts over.
    await db
      .update(videoTranscodes)
      .set({ status: 'queued', percent: 0, updatedAt: now })
      .where(eq(videoTranscodes.status, 'running'));
  }
  for (const id of [...ids].sort((a, b) => a - b)) await offerTranscode(db, jobs, id);
  return ids.size;
}

export interface TranscodeJobDeps {
  db: Database;
  clock: Clock;
  storage: Storage;
  /** The local storage folder (read in place); with S3 the source is downloaded to a temporary folder. */
  mediaDir: string;
  log: FastifyBaseLogger;
  policy?: Partial<RetryPolicy>;
}

/** Every file under `dir`, relative, `/`-separated. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(path.join(dir, entry.name), relative)));
    else files.push(relative);
  }
  return files;
}

async function sourceFileOf(deps: TranscodeJobDeps, sourcePath: string, work: string): Promise<string> {
  if (deps.storage.kind === 'local') {
    const inPlace = path.join(deps.mediaDir, sourcePath);
    const stat = await fs.stat(inPlace).catch(() => null);
    if (stat?.isFile()) return inPlace;
  }
  const body = await deps.storage.get(sourcePath);
  if (!body) throw new Error(`the video ${sourcePath} is not in storage`);
  const file = path.join(work, `source${path.posix.extname(sourcePath)}`);
  await pipeline(body, createWriteStream(file));
  return file;
}

/** The job: one attempt at one transcode. Throws to have the queue try again. */
export async function runTranscode(deps: TranscodeJobDeps, payload: TranscodePayload, job: JobContext): Promise<void> {
  const { db, clock } = deps;
  const current = and(eq(videoTranscodes.id, payload.transcodeId), eq(videoTranscodes.generation, payload.generation));
  // Claimed only while queued, or running (an earlier attempt crashed); done, failed or
  // superseded by 重新转码: nothing to do.
  const [row] = await db
    .update(videoTranscodes)
    .set({
      status: 'running',
      percent: 0,
      attempts: sql`${videoTranscodes.attempts} + 1`,
      startedAt: clock.now(),
      updatedAt: clock.now(),
    })
    .where(and(current, inArray(videoTranscodes.status, ['queued', 'running'])))
    .returning();
  if (!row) return;
  const stillRunning = and(current, eq(videoTranscodes.status, 'running'));

  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'yaoshi-transcode-'));
  try {
    const input = await sourceFileOf(deps, row.sourcePath, work);
    const outDir = path.join(work, 'hls');
    let lastWrite = -Infinity;
    let writes: Promise<unknown> = Promise.resolve();
    const result = await transcodeToHls({
      input,
      outDir,
      signal: job.signal,
      onProgress: (fraction) => {
        const at = performance.now();
        if (at - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = at;
        const percent = Math.min(RUNNING_PERCENT_MAX, Math.floor(fraction * 100));
        writes = writes
          .then(() => db.update(videoTranscodes).set({ percent, updatedAt: clock.now() }).where(stillRunning))
          .catch((error: unknown) => deps.log.warn({ err: error }, 'could not record transcode progress'));
      },
    });
    await writes;
    if (!result.ok) {
      await db
        .update(videoTranscodes)
        .set({ status: 'failed', failureReason: result.reason, finishedAt: clock.now(), updatedAt: clock.now() })
        .where(stillRunning);
      deps.log.warn({ video: row.sourcePath, reason: result.reason }, 'video transcode failed');
      return;
    }

    const folder = hlsFolderOf(row.sourcePath);
    // The master last: a player that finds it finds every playlist and segment it names.
    const files = (await filesUnder(outDir)).sort(
      (a, b) => Number(a === MASTER_PLAYLIST) - Number(b === MASTER_PLAYLIST),
    );
    for (const file of files) await deps.storage.put(`${folder}/${file}`, createReadStream(path.join(outDir, file)));

    const seconds = result.durationSeconds;
    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(videoTranscodes)
        .set({
          status: 'done',
          percent: 100,
          masterPath: `${folder}/${result.master}`,
          posterPath: `${folder}/${result.poster}`,
          durationSeconds: seconds,
          finishedAt: clock.now(),
          updatedAt: clock.now(),
        })
        .where(stillRunning)
        .returning({ id: videoTranscodes.id });
      if (!done) return; // superseded meanwhile: the new generation decides
      // The study rules (progress, face checks, completion) count the length learners play.
      await tx
        .update(courseLessons)
        .set({ durationSeconds: seconds })
        .where(eq(courseLessons.videoPath, row.sourcePath));
      await tx.update(courses).set({ durationSeconds: seconds }).where(eq(courses.videoPath, row.sourcePath));
      await writeAudit(tx, clock, jobActor(TRANSCODE_JOB), {
        action: 'course.transcode-done',
        target: row.sourcePath,
        before: { duration: null },
        after: { duration: seconds, master: `${folder}/${result.master}` },
      });
    });
    deps.log.info({ video: row.sourcePath, seconds, attempt: job.attempt }, 'video transcoded to HLS');
  } catch (error) {
    if (job.signal.aborted) {
      // This server is stopping: the transcode is not the video's fault. Queued again, it is
      // taken up by the queue's retry, by this server's next start (in-process), or by the
      // sweep of transcodes without a job.
      await db
        .update(videoTranscodes)
        .set({ status: 'queued', percent: 0, updatedAt: clock.now() })
        .where(stillRunning)
        .catch(() => undefined);
      deps.log.info({ video: row.sourcePath }, 'video transcode stopped with the server; queued again');
      throw error;
    }
    const retryLimit = deps.policy?.retryLimit ?? TRANSCODE_POLICY.retryLimit ?? 0;
    if (job.attempt > retryLimit) {
      // The queue gives up after this attempt: say so, rather than 转码中 for ever.
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(videoTranscodes)
        .set({
          status: 'failed',
          failureReason: `转码中断，已尝试 ${job.attempt} 次：${message}`,
          finishedAt: clock.now(),
          updatedAt: clock.now(),
        })
        .where(stillRunning)
        .catch(() => undefined);
    }
    throw error;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Registers the job's handler on the queue. */
export async function workTranscodes(jobs: JobQueue, deps: TranscodeJobDeps): Promise<void> {
  const policy = deps.policy ?? TRANSCODE_POLICY;
  await jobs.work<TranscodePayload>(
    TRANSCODE_JOB,
    (payload, job) => runTranscode({ ...deps, policy }, payload, job),
    policy,
  );
}

/**
 * 重新转码: a failed transcode queued again under a new generation, audited in the caller's
 * transaction. Enqueue it after the commit (`offerTranscode`).
 */
export async function retryTranscode(
  tx: Database,
  clock: Clock,
  audit: Audit,
  transcodeId: number,
): Promise<Transcode> {
  const [row] = await tx.select().from(videoTranscodes).where(eq(videoTranscodes.id, transcodeId)).for('update');
  if (!row) throw notFound(M.transcodeUnknown);
  if (row.status !== 'failed') throw conflict(M.transcodeNotFailed);
  const [queued] = await tx
    .update(videoTranscodes)
    .set({
      status: 'queued' satisfies TranscodeStatusName,
      percent: 0,
      failureReason: null,
      generation: row.generation + 1,
      startedAt: null,
      finishedAt: null,
      updatedAt: clock.now(),
    })
    .where(eq(videoTranscodes.id, row.id))
    .returning();
  await audit({
    action: 'course.transcode-retry',
    target: row.sourcePath,
    before: { status: row.status, reason: row.failureReason, attempts: row.attempts },
    after: { status: queued!.status, generation: queued!.generation },
  });
  return transcodeView(queued!);
}
