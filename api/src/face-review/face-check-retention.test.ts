import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, desc, eq } from 'drizzle-orm';
import { learners } from '../accounts/accounts-schema';
import { courses } from '../catalogue/catalogue-schema';
import { facePhotos } from '../face-photos/face-photos-schema';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { ZHANG } from '../test-support/learner-session';
import { localStorage } from '../storage/local-storage';
import {
  FACE_RETENTION_ACTOR,
  isPastRetention,
  purgeLessonCheckPhotos,
  studyYearClosesAt,
} from './face-check-retention';
import { auditRecords } from '../audit/audit-schema';

const DAY = 86_400_000;
let server: TestServer;
let mediaDir: string;

before(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-retention-'));
  server = await startTestServer({ config: { mediaDir } });
});
after(async () => {
  await server.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

test('a study year closes at the end of 31 December, Beijing time; retention counts from the later of the close and the photo', () => {
  assert.equal(studyYearClosesAt(2024).toISOString(), '2024-12-31T16:00:00.000Z');
  const close = studyYearClosesAt(2024);
  const during = new Date('2024-06-01T02:00:00Z');
  assert.equal(isPastRetention(2024, during, new Date(close.getTime() + 30 * DAY - 1), 30), false);
  assert.equal(isPastRetention(2024, during, new Date(close.getTime() + 30 * DAY), 30), true);
  // A make-up year studied after it closed: the photo keeps its own 30 days.
  const makeUp = new Date(close.getTime() + 100 * DAY);
  assert.equal(isPastRetention(2024, makeUp, new Date(makeUp.getTime() + 29 * DAY), 30), false);
  assert.equal(isPastRetention(2024, makeUp, new Date(makeUp.getTime() + 30 * DAY), 30), true);
});

test('the purge deletes lesson-check photos past retention, rows and files, and nothing else', async () => {
  const [learner] = await server.db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, ZHANG.idNumber));
  const [course] = await server.db
    .select({ id: courses.id, year: courses.year })
    .from(courses)
    .orderBy(asc(courses.year))
    .limit(1);
  const close = studyYearClosesAt(course!.year);
  const photo = async (name: string, courseId: number | null, takenAt: Date) => {
    const relative = `faces/retention-${name}.jpg`;
    fs.mkdirSync(path.join(mediaDir, 'faces'), { recursive: true });
    fs.writeFileSync(path.join(mediaDir, relative), 'jpeg');
    await server.db
      .insert(facePhotos)
      .values({ learnerId: learner!.id, path: relative, courseId, percent: courseId ? 50 : null, createdAt: takenAt });
    return relative;
  };
  const old = await photo('lesson-old', course!.id, new Date(close.getTime() - 60 * DAY));
  const late = await photo('lesson-makeup', course!.id, new Date(close.getTime() + 20 * DAY));
  const collection = await photo('collection', null, new Date(close.getTime() - 60 * DAY));

  server.clock.set(close.getTime() + 29 * DAY);
  assert.equal(
    await purgeLessonCheckPhotos(server.db, server.clock, localStorage({ root: mediaDir, signedUrl: () => '' }), 30),
    0,
    'not yet 30 days after the close',
  );

  server.clock.set(close.getTime() + 30 * DAY);
  assert.equal(
    await purgeLessonCheckPhotos(server.db, server.clock, localStorage({ root: mediaDir, signedUrl: () => '' }), 30),
    1,
  );
  const left = (await server.db.select({ path: facePhotos.path }).from(facePhotos)).map((row) => row.path);
  assert.ok(!left.includes(old) && left.includes(late) && left.includes(collection));
  assert.equal(fs.existsSync(path.join(mediaDir, old)), false);
  assert.equal(fs.existsSync(path.join(mediaDir, late)), true);
  // The deletion is in the audit trail, named for the job, with the photo and the learner.
  const [record] = await server.db
    .select()
    .from(auditRecords)
    .where(eq(auditRecords.action, 'face.retention-delete'))
    .orderBy(desc(auditRecords.id))
    .limit(1);
  assert.equal(record?.actor, FACE_RETENTION_ACTOR.username);
  assert.equal(record?.target, '1张课程人脸核验照片');
  assert.deepEqual((record?.before as { learner_ids: number[] }).learner_ids, [learner!.id]);
  assert.deepEqual(record?.after, { retention_days: 30 });

  server.clock.set(close.getTime() + 50 * DAY);
  assert.equal(
    await purgeLessonCheckPhotos(server.db, server.clock, localStorage({ root: mediaDir, signedUrl: () => '' }), 30),
    1,
  );
  assert.equal(fs.existsSync(path.join(mediaDir, late)), false);
  assert.equal(fs.existsSync(path.join(mediaDir, collection)), true, 'the reference photo is never deleted');
});
