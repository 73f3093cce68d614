import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { movableClock } from '../clock';
import { LESSON_UPLOAD_FOLDER } from './lesson-uploads';
import { STALE_UPLOAD_MAX_AGE_MS, deleteStaleLessonUploads } from './stale-upload-retention';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-26T08:00:00Z');
let mediaDir: string;

before(() => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-stale-uploads-'));
});
after(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

/** An upload as @tus/file-store leaves it: the data file and its `.json` metadata; `lastWriteMs` is when bytes last arrived. */
function upload(
  id: string,
  { createdMs, lastWriteMs, size, written }: { createdMs: number; lastWriteMs: number; size: number; written: number },
): void {
  const folder = path.join(mediaDir, LESSON_UPLOAD_FOLDER);
  fs.mkdirSync(folder, { recursive: true });
  const data = path.join(folder, id);
  fs.writeFileSync(data, Buffer.alloc(written));
  fs.utimesSync(data, new Date(lastWriteMs), new Date(lastWriteMs));
  fs.writeFileSync(
    `${data}.json`,
    JSON.stringify({
      id,
      size,
      offset: 0,
      metadata: { filename: 'lesson.mp4' },
      creation_date: new Date(createdMs).toISOString(),
    }),
  );
}

test('uploads idle for more than a day are deleted with their metadata; active, young and foreign files stay', async () => {
  const day = STALE_UPLOAD_MAX_AGE_MS;
  const abandoned = 'a'.repeat(32);
  const finishedNeverUsed = 'b'.repeat(32);
  const slowButActive = 'c'.repeat(32);
  const young = 'd'.repeat(32);
  upload(abandoned, { createdMs: NOW - 3 * day, lastWriteMs: NOW - 2 * day, size: 100, written: 40 });
  upload(finishedNeverUsed, { createdMs: NOW - day - 2 * HOUR, lastWriteMs: NOW - day - HOUR, size: 10, written: 10 });
  upload(slowButActive, { createdMs: NOW - 5 * day, lastWriteMs: NOW - HOUR, size: 100, written: 90 });
  upload(young, { createdMs: NOW - HOUR, lastWriteMs: NOW - HOUR, size: 100, written: 1 });
  const foreign = path.join(mediaDir, LESSON_UPLOAD_FOLDER, 'notes.txt');
  fs.writeFileSync(foreign, 'x');
  fs.utimesSync(foreign, new Date(NOW - 9 * day), new Date(NOW - 9 * day));

  const deleted = await deleteStaleLessonUploads(mediaDir, movableClock(NOW));

  assert.deepEqual(deleted.sort(), [abandoned, finishedNeverUsed]);
  const left = fs.readdirSync(path.join(mediaDir, LESSON_UPLOAD_FOLDER)).sort();
  assert.deepEqual(left, [slowButActive, `${slowButActive}.json`, young, `${young}.json`, 'notes.txt'].sort());
  assert.deepEqual(await deleteStaleLessonUploads(mediaDir, movableClock(NOW)), [], 'a second run finds nothing');
});

test('no upload folder yet: nothing to do', async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-no-uploads-'));
  try {
    // The store creates its folder in the background; whether it exists yet or not, nothing is deleted.
    assert.deepEqual(await deleteStaleLessonUploads(empty, movableClock(NOW)), []);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});
