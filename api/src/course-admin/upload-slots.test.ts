import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { LESSON_UPLOAD_PATH } from '@yaoshi/contracts/course-admin';
import { COURSE_ADMIN_LIMITS, COURSE_ADMIN_MESSAGES as M } from '@yaoshi/contracts/course-admin-rules';
import { auditRecords } from '../audit/audit-schema';
import { movableClock } from '../clock';
import { localStorage } from '../storage/local-storage';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { openLessonUploads } from './course-admin-schema';
import { LESSON_UPLOAD_FOLDER } from './lesson-uploads';
import { expireLessonUploads, LESSON_UPLOAD_RETENTION_JOB } from './stale-upload-retention';

/**
 * Unfinished lesson-video uploads are bounded: a probe once declared 100 uploads of 8 GB in
 * 194 ms and all were accepted. Now each staff member holds at most openUploadsPerStaff open,
 * the site openUploadsTotal, and the retention job expires idle ones; every start and end is
 * in the audit trail.
 */

const EIGHT_GB = COURSE_ADMIN_LIMITS.videoBytes;
const { openUploadsPerStaff: PER_STAFF, openUploadsTotal: TOTAL } = COURSE_ADMIN_LIMITS;
let server: TestServer;
let mediaDir: string;

before(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-upload-slots-'));
  server = await startTestServer({ config: { mediaDir } });
});
after(async () => {
  await server.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

function tus(staff: TestStaff, method: string, url: string, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${staff.token}`, ...headers },
  });
}

const create = (staff: TestStaff, size = EIGHT_GB) =>
  tus(staff, 'POST', LESSON_UPLOAD_PATH, { 'Upload-Length': String(size) });

async function openCount(): Promise<number> {
  const [row] = await server.db.select({ n: count() }).from(openLessonUploads);
  return Number(row!.n);
}

async function audited(action: string, targets: readonly string[]): Promise<number> {
  if (targets.length === 0) return 0;
  const [row] = await server.db
    .select({ n: count() })
    .from(auditRecords)
    .where(and(eq(auditRecords.action, action), inArray(auditRecords.target, [...targets])));
  return Number(row!.n);
}

const idOf = (response: Response) => response.headers.get('location')!.split('/').pop()!;

test(`one staff member declaring 100 uploads of 8 GB at once gets ${PER_STAFF}; the rest are refused and keep nothing`, async () => {
  const staff = await signedInStaff(server, ['课程管理']);
  const answers = await Promise.all(Array.from({ length: 100 }, () => create(staff)));
  const accepted = answers.filter((answer) => answer.status === 201);
  const refused = answers.filter((answer) => answer.status === 429);
  assert.equal(accepted.length, PER_STAFF);
  assert.equal(refused.length, 100 - PER_STAFF);
  assert.equal(await refused[0]!.text(), M.uploadsPerStaff(PER_STAFF));
  const kept = fs.readdirSync(path.join(mediaDir, LESSON_UPLOAD_FOLDER)).filter((name) => !name.endsWith('.json'));
  assert.equal(kept.length, PER_STAFF, 'only the accepted uploads have files');
  assert.equal(await audited('course.upload-start', accepted.map(idOf)), PER_STAFF);

  // Giving one up (tus termination, the console's cancel) frees its slot, audited.
  const given = idOf(accepted[0]!);
  assert.equal((await tus(staff, 'DELETE', `${LESSON_UPLOAD_PATH}/${given}`)).status, 204);
  assert.equal(await audited('course.upload-discard', [given]), 1);
  assert.equal((await create(staff)).status, 201);
  assert.equal((await create(staff)).status, 429);
});

test(`the whole site holds at most ${TOTAL} open uploads, even when many staff start at once`, async () => {
  const before = await openCount();
  const staff = await Promise.all(Array.from({ length: 10 }, () => signedInStaff(server, ['课程管理'])));
  const answers = await Promise.all(staff.flatMap((member) => [create(member), create(member), create(member)]));
  const accepted = answers.filter((answer) => answer.status === 201).length;
  assert.equal(accepted, TOTAL - before);
  const busy = answers.filter((answer) => answer.status === 503);
  assert.equal(busy.length, 30 - accepted);
  assert.equal(await busy[0]!.text(), M.uploadsTotal);
  assert.equal(await openCount(), TOTAL);
});

test('the retention job expires idle uploads, frees their slots and audits each as 系统任务', async () => {
  const open = await server.db.select().from(openLessonUploads);
  assert.equal(open.length, TOTAL);
  // A day and an hour without a byte: their files' last writes are that old.
  const later = movableClock(Date.now() + 25 * 60 * 60 * 1000);
  const expired = await expireLessonUploads({
    db: server.db,
    clock: later,
    config: { mediaDir, s3: undefined },
    storage: localStorage({ root: mediaDir, signedUrl: (key) => `/media/${key}` }),
  });
  assert.deepEqual(expired.sort(), open.map((row) => row.uploadId).sort());
  assert.equal(await openCount(), 0);
  const records = await server.db.select().from(auditRecords).where(eq(auditRecords.action, 'course.upload-expire'));
  assert.equal(records.length, TOTAL);
  assert.ok(records.every((record) => record.actorKind === 'job' && record.actor === LESSON_UPLOAD_RETENTION_JOB));
  assert.deepEqual(fs.readdirSync(path.join(mediaDir, LESSON_UPLOAD_FOLDER)), [], 'their files and metadata are gone');
  const staff = await signedInStaff(server, ['课程管理']);
  assert.equal((await create(staff)).status, 201, 'new uploads are taken again');
});
