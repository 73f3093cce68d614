import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import type { AdminCourseDetail, CourseYear, Transcode } from '@yaoshi/contracts/course-admin';
import { LESSON_UPLOAD_PATH } from '@yaoshi/contracts/course-admin';
import { COURSE_ADMIN_MESSAGES as M } from '@yaoshi/contracts/course-admin-rules';
import type { LessonDetail } from '@yaoshi/contracts/study';
import { auditRecords } from '../audit/audit-schema';
import { courses } from '../catalogue/catalogue-schema';
import { movableClock } from '../clock';
import { openDatabase, rowsOf, type DatabaseHandle } from '../db/database';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../db/test-database';
import { createInProcessQueue } from '../jobs/in-process-queue';
import type { JobQueue } from '../jobs/job-queue';
import { createPgBossQueue } from '../jobs/pg-boss-queue';
import { seedMissing } from '../seed/seed';
import { localStorage } from '../storage/local-storage';
import { s3Storage } from '../storage/s3-storage';
import { startS3TestServer } from '../test-support/s3-test-server';
import type { Storage } from '../storage/storage';
import { WANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { TEST_START, databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { testClip } from '../test-support/video-fixtures';
import { playlistSeconds } from './hls-rules';
import { ORPHANED_AFTER_SECONDS } from '../jobs/orphaned-jobs';
import {
  TRANSCODE_JOB,
  offerTranscodesAtStart,
  recordTranscode,
  runTranscode,
  sweepOrphanedTranscodes,
  type TranscodePayload,
} from './lesson-transcodes';
import { videoTranscodes } from './video-transcode-schema';

/**
 * The video pipeline end to end (issue 21): a lesson video uploaded by tus in 课程管理 is
 * transcoded by the `video-transcode` job with Debian's ffmpeg into HLS through storage, on
 * the real queue — in-process on PGlite, pg-boss when DATABASE_URL names a PostgreSQL server.
 */

const serverUrl = process.env.DATABASE_URL?.trim();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

let server: TestServer;
let staff: TestStaff;
let mediaDir: string;
let work: string;
let throwaway: ThrowawayDatabase | undefined;
let database: DatabaseHandle | undefined;
/** The server's pg-boss queue when the test runs on PostgreSQL. */
let pgBossJobs: JobQueue | undefined;
let courseId: number;
/** Video 4 s, audio 6.4 s: ffprobe says 6 s, the HLS renditions (cut on video) last 4 s. */
let goodClip: Buffer;
/** An MP4 whose video codec tag ffmpeg knows no decoder for: ffprobe reads it, ffmpeg refuses it. */
let undecodableClip: Buffer;

function ffmpeg(...args: string[]) {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
}

before(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'transcode-media-'));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'transcode-work-'));
  const good = path.join(work, 'good.mp4');
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=4:size=1280x720:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=6.4',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    good,
  );
  goodClip = fs.readFileSync(good);
  const plain = path.join(work, 'plain.mp4');
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=3:size=640x360:rate=10',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-movflags',
    '+faststart',
    plain,
  );
  const bytes = fs.readFileSync(plain);
  const entry = bytes.indexOf('avc1', bytes.indexOf('stsd'));
  assert.ok(entry > 0, 'the sample entry is in the file');
  bytes.write('zzzz', entry, 'latin1');
  undecodableClip = bytes;

  const clock = movableClock(TEST_START);
  if (serverUrl) {
    throwaway = await createThrowawayDatabase(serverUrl);
    database = await openDatabase({
      databaseUrl: throwaway.url,
      dataDir: work,
      setup: (db) => seedMissing(db, clock).then(() => undefined),
    });
    pgBossJobs = createPgBossQueue({ connectionString: throwaway.url, pollingIntervalSeconds: 0.5 });
  }
  server = await startTestServer({
    config: { mediaDir },
    clock,
    ...(database ? { database } : {}),
    ...(pgBossJobs ? { jobs: pgBossJobs } : {}),
  });
  staff = await signedInStaff(server, ['课程管理']);
  const years = dataOf(await call('GET', '/v1/admin/course_years')) as CourseYear[];
  const created = dataOf(
    await call('POST', '/v1/admin/courses/create', {
      year: years[0]!.year,
      name: '转码测试：药品储存',
      kind: 'compulsory',
      face_to_face: false,
      credit: 1,
      class_hour: 1,
      price: 5,
      teacher_name: '孙丽',
      teacher_description: '主管药师',
      description: '药品储存的温度与湿度。',
      quiz_points: [],
      sort_order: 99,
    }),
  ) as AdminCourseDetail;
  courseId = created.course_id;
});

after(async () => {
  await server?.close();
  await database?.close();
  await throwaway?.drop();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST', route: string, payload?: Record<string, unknown>) =>
  authed(server, staff.token, method, route, payload);

/** Uploads `bytes` by tus in one PATCH; answers the upload id. */
async function upload(bytes: Buffer, name: string): Promise<string> {
  const headers = { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${staff.token}` };
  const created = await fetch(`${server.baseUrl}${LESSON_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...headers,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  });
  assert.equal(created.status, 201);
  const location = created.headers.get('location')!;
  const patched = await fetch(`${server.baseUrl}${location}`, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  assert.equal(patched.status, 204);
  return location.split('/').pop()!;
}

async function detail(): Promise<AdminCourseDetail> {
  return dataOf(await call('GET', '/v1/admin/courses/detail', { course_id: courseId })) as AdminCourseDetail;
}

/** The course's current transcode once it has left the queue and ffmpeg (done or failed). */
async function settled(): Promise<AdminCourseDetail> {
  await until(async () => {
    const current = await detail();
    return current.transcode && ['done', 'failed'].includes(current.transcode.status) ? current : null;
  }, 'the transcode to finish');
  // The detail reads the course and its transcode in separate statements: the read that saw
  // the transcode finish may have read the course just before the job's transaction
  // committed. Once it is seen finished, a fresh read sees all the job wrote.
  return detail();
}

async function learnerLesson(): Promise<LessonDetail> {
  const token = await loginToken(server, WANG.phone, WANG.password);
  // 王芳 has not enrolled in the new course: a trial watch of the current lesson.
  return dataOf(
    await authed(server, token, 'GET', '/v1/webcourse_detail', { cid: courseId, formal: 0 }),
  ) as LessonDetail;
}

describe(`the transcoding job (${serverUrl ? 'pg-boss on PostgreSQL' : 'in-process queue on PGlite'})`, () => {
  test('an uploaded lesson video becomes HLS: 已完成, renditions and poster stored, the transcoded length counted, learners get the master', async () => {
    const uploadId = await upload(goodClip, '药品储存.mp4');
    const saved = dataOf(
      await call('POST', '/v1/admin/courses/lesson', { course_id: courseId, upload_id: uploadId, face_points: [50] }),
    ) as AdminCourseDetail;
    // Saved with ffprobe's length of the upload; the transcode is queued (or already under way).
    assert.equal(saved.duration, 6);
    assert.ok(saved.transcode, 'the new video has a transcode');
    assert.ok(['queued', 'running', 'done'].includes(saved.transcode.status));
    assert.equal(saved.lessons[0]!.transcode?.transcode_id, saved.transcode.transcode_id);

    const done = await settled();
    const transcode = done.transcode!;
    assert.equal(transcode.status, 'done', transcode.reason);
    assert.equal(transcode.status_text, '已完成');
    assert.equal(transcode.percent, 100);
    assert.equal(transcode.attempts, 1);
    assert.equal(transcode.reason, '');
    const folder = saved.video_url.replace(/\.mp4$/, '-hls');
    assert.equal(transcode.master_url, `${folder}/master.m3u8`);
    assert.equal(transcode.poster_url, `${folder}/poster.jpg`);

    // The master, each rendition's playlist and a segment are served under /media.
    const master = await fetch(server.baseUrl + transcode.master_url);
    assert.equal(master.status, 200);
    assert.equal(master.headers.get('content-type'), 'application/vnd.apple.mpegurl');
    const variants = [...(await master.text()).matchAll(/#EXT-X-STREAM-INF:[^\n]+\n([^\n]+)/g)].map((m) => m[1]!);
    assert.deepEqual(variants, ['360p/index.m3u8', '720p/index.m3u8']);
    let renditionSeconds = 0;
    for (const variant of variants) {
      const playlist = await (await fetch(`${server.baseUrl}${folder}/${variant}`)).text();
      assert.match(playlist, /#EXT-X-ENDLIST/);
      renditionSeconds = playlistSeconds(playlist);
      const segment = /^(segment_\d{3}\.ts)$/m.exec(playlist)![1]!;
      const response = await fetch(`${server.baseUrl}${folder}/${path.posix.dirname(variant)}/${segment}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'video/mp2t');
      assert.ok((await response.arrayBuffer()).byteLength > 0);
    }
    const poster = await fetch(server.baseUrl + transcode.poster_url);
    assert.equal(poster.headers.get('content-type'), 'image/jpeg');

    // The study rules count the transcoded length (4 s of video), not ffprobe's 6 s of the upload.
    assert.equal(Math.round(renditionSeconds), 4);
    assert.equal(transcode.duration, 4);
    assert.equal(done.duration, 4);
    assert.equal(done.lessons[0]!.duration, 4);
    const lesson = await learnerLesson();
    assert.equal(lesson.video_url, transcode.master_url);
    assert.equal(lesson.duration, 4);
  });

  test('a video ffmpeg cannot decode: 失败 with ffmpeg’s reason, not retried, the lesson still plays its upload; 重新转码 queues it again, audited', async () => {
    const before = await learnerLesson();
    const uploadId = await upload(undecodableClip, '坏文件.mp4');
    const saved = dataOf(
      await call('POST', '/v1/admin/courses/lesson', { course_id: courseId, upload_id: uploadId, face_points: [] }),
    ) as AdminCourseDetail;
    assert.equal(saved.lesson_version, 2);
    const failed = (await settled()).transcode!;
    assert.equal(failed.status, 'failed');
    assert.equal(failed.status_text, '失败');
    assert.match(failed.reason, /Decoder \(codec none\) not found for input stream/);
    assert.equal(failed.master_url, '');
    // Not retried by the queue: ffmpeg's refusal is an answer, not a crash.
    await sleep(1500);
    assert.equal((await detail()).transcode!.attempts, 1);
    // Until a version is transcoded learners play its upload: here the new version's file.
    const lesson = await learnerLesson();
    assert.equal(lesson.video_url, saved.video_url);
    assert.notEqual(lesson.video_url, before.video_url);
    assert.equal(lesson.duration, 3);

    const retried = dataOf(
      await call('POST', '/v1/admin/courses/transcode_retry', { transcode_id: failed.transcode_id }),
    ) as Transcode;
    assert.equal(retried.status, 'queued');
    assert.equal(retried.status_text, '排队中');
    assert.equal(retried.reason, '');
    const [audit] = await server.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
    assert.equal(audit!.action, 'course.transcode-retry');
    assert.equal(audit!.target, saved.video_url.replace(/^\/media\//, ''));
    const again = (await settled()).transcode!;
    assert.equal(again.status, 'failed');
    assert.equal(again.attempts, 2);
    assert.match(again.reason, /Decoder \(codec none\) not found/);
  });

  test('bad input to 重新转码: a Chinese 4xx, nothing changed', async () => {
    const [done] = await server.db
      .select({ id: videoTranscodes.id })
      .from(videoTranscodes)
      .where(eq(videoTranscodes.status, 'done'))
      .limit(1);
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, M.transcodeUnknown],
      [{ transcode_id: 'abc' }, 400, M.transcodeUnknown],
      [{ transcode_id: -1 }, 400, M.transcodeUnknown],
      [{ transcode_id: 1.5 }, 400, M.transcodeUnknown],
      [{ transcode_id: 99_999_999 }, 404, M.transcodeUnknown],
      [{ transcode_id: done!.id }, 409, M.transcodeNotFailed],
    ];
    for (const [payload, code, message] of cases) {
      const before = await snapshot();
      assertRefused(await call('POST', '/v1/admin/courses/transcode_retry', payload), code, message);
      assert.deepEqual(await snapshot(), before, JSON.stringify(payload));
    }
  });
});

async function snapshot() {
  const counts: Record<string, unknown> = await databaseFingerprint(server.db);
  delete counts['request_nonces'];
  delete counts['rate_counters'];
  const [row] = await rowsOf<{ h: string }>(
    server.db,
    sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from video_transcodes t`,
  );
  counts['video_transcodes.contents'] = row!.h;
  return counts;
}

describe('a transcode cut off mid-way', () => {
  /** The server's local storage, whose writes fail the first `failures` times. */
  function flakyStorage(failures: number): Storage {
    const real = testStorage();
    let left = failures;
    return {
      ...real,
      kind: real.kind,
      async put(key, body, options) {
        if (left > 0) {
          left -= 1;
          throw new Error('storage unreachable');
        }
        return real.put(key, body, options);
      },
    };
  }

  async function runOnQueue(storage: Storage, sourcePath: string) {
    fs.mkdirSync(path.join(mediaDir, path.dirname(sourcePath)), { recursive: true });
    fs.writeFileSync(path.join(mediaDir, sourcePath), goodClip);
    const id = await recordTranscode(server.db, server.clock, sourcePath);
    assert.ok(id);
    const queue = createInProcessQueue();
    const policy = { retryLimit: 1, retryDelaySeconds: 0.1, retryBackoff: false };
    await queue.work<TranscodePayload>(
      'video-transcode-test',
      (payload, job) =>
        runTranscode(
          { db: server.db, clock: server.clock, storage, mediaDir, log: server.app.log, policy },
          payload,
          job,
        ),
      policy,
    );
    await queue.start();
    await queue.enqueue<TranscodePayload>('video-transcode-test', { transcodeId: id, generation: 1 });
    const row = await until(async () => {
      const [current] = await server.db.select().from(videoTranscodes).where(eq(videoTranscodes.id, id));
      return current && ['done', 'failed'].includes(current.status) ? current : null;
    }, 'the retried transcode');
    await queue.stop();
    return row;
  }

  test('a crash (storage failing) is retried by the queue and the next attempt finishes', async () => {
    const row = await runOnQueue(flakyStorage(1), 'videos/lessons/crash-once.mp4');
    assert.equal(row.status, 'done', row.failureReason ?? '');
    assert.equal(row.attempts, 2);
    assert.ok(fs.existsSync(path.join(mediaDir, 'videos/lessons/crash-once-hls/master.m3u8')));
  });

  test('a server stopping mid-transcode kills ffmpeg at once and queues the transcode again (not 失败)', async () => {
    // Long enough that ffmpeg is still encoding when the queue stops.
    const sourcePath = 'videos/lessons/stopped-mid-way.mp4';
    const source = path.join(mediaDir, sourcePath);
    fs.mkdirSync(path.dirname(source), { recursive: true });
    fs.writeFileSync(source, testClip(120, '1280x720'));
    const id = await recordTranscode(server.db, server.clock, sourcePath);
    assert.ok(id);
    const queue = createInProcessQueue();
    await queue.work<TranscodePayload>('video-transcode-stop-test', (payload, job) =>
      runTranscode(
        { db: server.db, clock: server.clock, storage: testStorage(), mediaDir, log: server.app.log },
        payload,
        job,
      ),
    );
    await queue.start();
    await queue.enqueue<TranscodePayload>('video-transcode-stop-test', { transcodeId: id, generation: 1 });
    await until(async () => {
      const [current] = await server.db.select().from(videoTranscodes).where(eq(videoTranscodes.id, id));
      return current?.status === 'running';
    }, 'the transcode to start');
    await sleep(1_000);
    const stoppedAt = Date.now();
    await queue.stop();
    const stopMs = Date.now() - stoppedAt;
    assert.ok(stopMs < 3_000, `the queue stopped in ${stopMs} ms, not after the encode`);
    const [row] = await server.db.select().from(videoTranscodes).where(eq(videoTranscodes.id, id));
    assert.equal(row!.status, 'queued');
    assert.equal(row!.failureReason, null);
    assert.equal(fs.existsSync(path.join(mediaDir, 'videos/lessons/stopped-mid-way-hls/master.m3u8')), false);
  });

  test('an attempt that keeps crashing is 失败 after the last retry, with why', async () => {
    const row = await runOnQueue(flakyStorage(100), 'videos/lessons/crash-always.mp4');
    assert.equal(row.status, 'failed');
    assert.equal(row.attempts, 2);
    assert.match(row.failureReason!, /^转码中断，已尝试 2 次：storage unreachable/);
  });
});

describe('with object storage (an S3-protocol server on loopback)', () => {
  test('the source is downloaded from the bucket and the renditions, poster and master go into it', async () => {
    const s3 = await startS3TestServer();
    try {
      const bucket = s3Storage(s3.settings, () => new Date());
      const source = 'videos/lessons/in-the-bucket.mp4';
      await bucket.put(source, goodClip);
      const id = await recordTranscode(server.db, server.clock, source);
      assert.ok(id);
      await runTranscode(
        // No file of that name in the local folder: the job must read the bucket.
        { db: server.db, clock: server.clock, storage: bucket, mediaDir: work, log: server.app.log },
        { transcodeId: id, generation: 1 },
        { id: 's3', attempt: 1, signal: new AbortController().signal },
      );
      const [row] = await server.db.select().from(videoTranscodes).where(eq(videoTranscodes.id, id));
      assert.equal(row!.status, 'done', row!.failureReason ?? '');
      const keys: string[] = [];
      for await (const object of bucket.list('videos/lessons/in-the-bucket-hls/')) keys.push(object.key);
      const prefix = 'videos/lessons/in-the-bucket-hls/';
      for (const expected of ['master.m3u8', 'poster.jpg', '360p/index.m3u8', '720p/index.m3u8', '360p/segment_000.ts'])
        assert.ok(keys.includes(prefix + expected), `${expected} in ${keys.join(', ')}`);
      const master = await fetch(bucket.publicUrl(row!.masterPath!));
      assert.equal(master.status, 200);
      assert.match(await master.text(), /#EXT-X-STREAM-INF/);
    } finally {
      await s3.close();
    }
  });
});

describe('lesson videos at start (the demo videos on first start)', () => {
  test('every video without a transcode is queued once; a second start queues nothing once they are done', async () => {
    const demoPaths = (
      await server.db
        .selectDistinct({ path: courses.videoPath })
        .from(courses)
        .where(sql`${courses.videoPath} like 'videos/lesson-%'`)
    ).map((row) => row.path!);
    assert.ok(demoPaths.length >= 3, 'the seed has demo videos');
    // A queue of its own that records what is offered and runs nothing yet.
    const offered: number[] = [];
    const recording: JobQueue = {
      ...createInProcessQueue(),
      runner: 'pg-boss',
      async enqueue(_name, payload) {
        offered.push((payload as unknown as TranscodePayload).transcodeId);
        return String(offered.length);
      },
    };
    const first = await offerTranscodesAtStart(server.db, server.clock, recording);
    const rows = await server.db.select().from(videoTranscodes);
    const demoRows = rows.filter((row) => demoPaths.includes(row.sourcePath));
    assert.equal(demoRows.length, demoPaths.length);
    assert.ok(demoRows.every((row) => row.status === 'queued' && offered.includes(row.id)));
    assert.equal(first, offered.length);
    // A second server (or start) on pg-boss: the rows exist, nothing is offered twice.
    assert.equal(await offerTranscodesAtStart(server.db, server.clock, recording), 0);

    // On the in-process queue (PGlite, npm start) the queue forgot its jobs with the process:
    // the unfinished ones are offered again, and run.
    const inProcess = createInProcessQueue();
    await inProcess.work<TranscodePayload>('video-transcode', (payload, job) =>
      runTranscode(
        {
          db: server.db,
          clock: server.clock,
          storage: testStorage(),
          mediaDir: demoMedia(),
          log: server.app.log,
        },
        payload,
        job,
      ),
    );
    await inProcess.start();
    const again = await offerTranscodesAtStart(server.db, server.clock, inProcess);
    assert.ok(again >= demoRows.length);
    await until(
      async () => {
        const current = await server.db.select().from(videoTranscodes);
        return current.filter((row) => demoPaths.includes(row.sourcePath)).every((row) => row.status === 'done');
      },
      'the demo videos to be transcoded',
      180_000,
    );
    await inProcess.stop();
    // A start after they are done offers nothing (the in-process queue re-offers only unfinished ones).
    const idle = createInProcessQueue();
    const unfinished = (await server.db.select().from(videoTranscodes)).filter((row) =>
      ['queued', 'running'].includes(row.status),
    );
    assert.equal(await offerTranscodesAtStart(server.db, server.clock, idle), unfinished.length);
    // Every course playing a demo video counts its transcoded length.
    for (const row of (await server.db.select().from(videoTranscodes)).filter((r) =>
      demoPaths.includes(r.sourcePath),
    )) {
      const lengths = await server.db
        .selectDistinct({ seconds: courses.durationSeconds })
        .from(courses)
        .where(eq(courses.videoPath, row.sourcePath));
      assert.deepEqual(lengths, [{ seconds: row.durationSeconds }]);
    }
  });
});

describe('the sweep of transcodes that lost their job', () => {
  test('a queued one without a job is offered again, a running one without a job is 失败 with why; the rest are left alone', async () => {
    const now = server.clock.now().getTime();
    const stale = new Date(now - (ORPHANED_AFTER_SECONDS + 60) * 1000);
    const fresh = new Date(now - 10 * 1000);
    const insert = async (sourcePath: string, status: 'queued' | 'running', updatedAt: Date) => {
      const [row] = await server.db
        .insert(videoTranscodes)
        .values({ sourcePath, status, createdAt: updatedAt, updatedAt })
        .returning();
      return row!;
    };
    const lost = await insert('videos/sweep-lost.mp4', 'queued', stale);
    const crashed = await insert('videos/sweep-crashed.mp4', 'running', stale);
    const justSaved = await insert('videos/sweep-just-saved.mp4', 'queued', fresh);
    const waiting = await insert('videos/sweep-waiting.mp4', 'queued', stale);
    const running = await insert('videos/sweep-running.mp4', 'running', stale);
    // The queue answers which jobs are unfinished (on PostgreSQL, the server's pg-boss table);
    // two of the rows have a job in it, added as the queue's answer so nothing really runs here.
    const offered: TranscodePayload[] = [];
    const queue = {
      async unfinished<Payload extends object>(name: string): Promise<Payload[]> {
        const real = await (pgBossJobs ?? createInProcessQueue()).unfinished<TranscodePayload>(name);
        const alive = [waiting, running].map((row) => ({ transcodeId: row.id, generation: row.generation }));
        return [...real, ...(name === TRANSCODE_JOB ? alive : [])] as unknown as Payload[];
      },
      async enqueue<Payload extends object>(_name: string, payload: Payload) {
        offered.push(payload as unknown as TranscodePayload);
        return String(offered.length);
      },
    };

    assert.deepEqual(await sweepOrphanedTranscodes(server.db, server.clock, queue), { offered: 1, failed: 1 });
    assert.deepEqual(offered, [{ transcodeId: lost.id, generation: lost.generation }]);
    const rows = new Map((await server.db.select().from(videoTranscodes)).map((row) => [row.id, row]));
    assert.equal(rows.get(lost.id)!.status, 'queued');
    assert.equal(rows.get(crashed.id)!.status, 'failed');
    assert.equal(rows.get(crashed.id)!.failureReason, M.transcodeOrphaned);
    for (const left of [justSaved, waiting, running]) {
      assert.equal(rows.get(left.id)!.status, left.status);
      assert.deepEqual(rows.get(left.id)!.updatedAt, left.updatedAt);
    }
    await server.db.delete(videoTranscodes).where(sql`${videoTranscodes.sourcePath} like 'videos/sweep-%'`);
  });
});

/** The test's media folder (no private objects are read here, so signed URLs are never asked for). */
function testStorage(): Storage {
  return localStorage({ root: mediaDir, signedUrl: (key) => `/media/${key}` });
}

/** The committed demo videos (api/media), read in place: the test's folder has none. */
function demoMedia(): string {
  return path.resolve(import.meta.dirname, '../../media');
}
