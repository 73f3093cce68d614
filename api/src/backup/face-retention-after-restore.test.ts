import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { learners } from '../accounts/accounts-schema';
import { auditRecords } from '../audit/audit-schema';
import { courses } from '../catalogue/catalogue-schema';
import { movableClock } from '../clock';
import { configFromEnv, type Config } from '../config';
import { openDatabase } from '../db/database';
import { FACE_RETENTION_ACTOR, studyYearClosesAt } from '../face-review/face-check-retention';
import { facePhotos } from '../face-photos/face-photos-schema';
import { seedMissing } from '../seed/seed';
import { ZHANG } from '../test-support/learner-session';
import { localStorage } from '../storage/local-storage';
import { TIMED_JOBS } from '../timed-work/timed-jobs';
import { runBackupCli } from './backup-cli';

/**
 * Face photos keep their retention through a restore: a lesson-check photo the retention job
 * deleted (row and file) comes back with a backup taken before, and the restore deletes it
 * again before the site opens, audited as the retention job's own deletion. Real PGlite, real
 * files, the real backup command and the real timed job.
 */
const DAY = 86_400_000;
const RETENTION_DAYS = 30;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-retention-restore-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

test('a photo deleted by retention is not brought back by a restore from before: the restore deletes it again, audited', async () => {
  const config: Config & { backupDir: string; backupRetentionFull: number } = {
    ...configFromEnv({}),
    databaseUrl: undefined,
    dataDir: path.join(root, 'data'),
    mediaDir: path.join(root, 'media'),
    backupDir: path.join(root, 'backups'),
    backupRetentionFull: 2,
    faceCheckRetentionDays: RETENTION_DAYS,
  };
  fs.mkdirSync(path.join(config.mediaDir, 'faces'), { recursive: true });
  const clock = movableClock(Date.parse('2026-06-01T02:00:00Z'));
  const io = { out: () => undefined, err: (line: string) => assert.fail(line) };
  const relative = 'faces/lesson-check-restore.jpg';
  const file = path.join(config.mediaDir, relative);

  // A learner's lesson-check photo of the oldest study year, taken while it was open.
  let handle = await openDatabase({
    databaseUrl: undefined,
    dataDir: config.dataDir,
    setup: async (db) => void (await seedMissing(db, clock)),
  });
  const [learner] = await handle.db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.idNumber, ZHANG.idNumber));
  const [course] = await handle.db
    .select({ id: courses.id, year: courses.year })
    .from(courses)
    .orderBy(asc(courses.year))
    .limit(1);
  const closes = studyYearClosesAt(course!.year);
  fs.writeFileSync(file, 'jpeg of a face');
  const [photo] = await handle.db
    .insert(facePhotos)
    .values({
      learnerId: learner!.id,
      path: relative,
      courseId: course!.id,
      percent: 50,
      createdAt: new Date(closes.getTime() - 60 * DAY),
    })
    .returning({ id: facePhotos.id });
  await handle.close();

  // Backed up while still within retention (the server stopped, as on a small site at night).
  clock.set(closes.getTime() + (RETENTION_DAYS - 1) * DAY);
  assert.equal(await runBackupCli(['now'], { config, clock, io }), 0);

  // Past retention, the timed job deletes it: row and file.
  clock.set(closes.getTime() + (RETENTION_DAYS + 1) * DAY);
  handle = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
  const job = TIMED_JOBS.find((candidate) => candidate.name === 'retention-face-checks')!;
  await job.run({
    db: handle.db,
    clock,
    config,
    storage: localStorage({ root: config.mediaDir, signedUrl: () => '' }),
    mail: null as never,
    // The face-check job uses none of the payment context, the mail or the queue; its log only says what it did.
    log: { info: () => undefined } as never,
    payments: undefined as never,
    queue: undefined as never,
  });
  assert.equal((await handle.db.select().from(facePhotos).where(eq(facePhotos.id, photo!.id))).length, 0);
  assert.equal(fs.existsSync(file), false);
  await handle.close();

  // A restore of the backup from before brings the row and the file back, then deletes them again.
  const lines: string[] = [];
  assert.equal(
    await runBackupCli(['restore'], { config, clock, io: { out: (line) => lines.push(line), err: io.err } }),
    0,
  );
  assert.ok(
    lines.some((line) => line.includes('1 photo(s) past retention deleted again')),
    lines.join('\n'),
  );
  assert.equal(fs.existsSync(file), false, 'the file copied back from the backup is deleted again');
  handle = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
  try {
    assert.equal((await handle.db.select().from(facePhotos).where(eq(facePhotos.id, photo!.id))).length, 0);
    // The restored trail is the backup's (the job's first deletion came after it) plus the
    // restore's own run: one deletion of this photo, by the retention job.
    const deletions = await handle.db
      .select()
      .from(auditRecords)
      .where(
        and(eq(auditRecords.action, 'face.retention-delete'), eq(auditRecords.actor, FACE_RETENTION_ACTOR.username)),
      );
    const ofPhoto = deletions.filter((record) =>
      (record.before as { photo_ids: number[] }).photo_ids.includes(photo!.id),
    );
    assert.equal(ofPhoto.length, 1, 'the restore’s deletion is in the audit trail as the retention job’s');
  } finally {
    await handle.close();
  }
});
