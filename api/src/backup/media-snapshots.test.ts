import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mediaSnapshots, pruneMediaSnapshots, snapshotForRestore, snapshotMedia } from './media-snapshots';

let root: string;
let media: string;
let backups: string;

before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-media-snapshots-'));
  media = path.join(root, 'media');
  backups = path.join(root, 'backups');
  fs.mkdirSync(path.join(media, 'faces'), { recursive: true });
  fs.mkdirSync(path.join(media, '.uploads'), { recursive: true });
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (relative: string, text: string) => fs.writeFileSync(path.join(media, relative), text);
const read = (folder: string, relative: string) => fs.readFileSync(path.join(folder, relative), 'utf8');
const inode = (file: string) => fs.statSync(file).ino;

test('each snapshot holds MEDIA_DIR as it was; unchanged files are links, not copies; unfinished uploads are left out', () => {
  write('faces/a.jpg', 'photo a');
  write('article.png', 'image');
  write('.uploads/0123', 'half an upload');
  const first = snapshotMedia(media, backups, new Date('2026-11-20T02:00:00Z'));
  assert.deepEqual([first.files, first.copied], [2, 2]);
  assert.equal(read(first.folder, 'faces/a.jpg'), 'photo a');
  assert.equal(fs.existsSync(path.join(first.folder, '.uploads')), false);

  // A day later: a new photo, a changed image, and the first photo deleted (retention).
  write('faces/b.jpg', 'photo b');
  write('article.png', 'image, edited');
  fs.rmSync(path.join(media, 'faces/a.jpg'));
  const second = snapshotMedia(media, backups, new Date('2026-11-21T02:00:00Z'));
  assert.deepEqual([second.files, second.copied], [2, 2]);
  assert.equal(fs.existsSync(path.join(second.folder, 'faces/a.jpg')), false);
  assert.equal(read(first.folder, 'faces/a.jpg'), 'photo a', 'the older snapshot keeps it');
  assert.equal(read(first.folder, 'article.png'), 'image');
  assert.equal(read(second.folder, 'article.png'), 'image, edited');

  const third = snapshotMedia(media, backups, new Date('2026-11-22T02:00:00Z'));
  assert.equal(third.copied, 0, 'nothing changed: every file is a link');
  assert.equal(inode(path.join(third.folder, 'faces/b.jpg')), inode(path.join(second.folder, 'faces/b.jpg')));
  assert.deepEqual(
    mediaSnapshots(backups).map((snapshot) => snapshot.name),
    ['20261120-020000', '20261121-020000', '20261122-020000'],
  );
});

test('a restore takes the first snapshot at or after its target; the latest takes the newest', () => {
  assert.equal(snapshotForRestore(backups, new Date('2026-11-20T12:00:00Z'))?.name, '20261121-020000');
  assert.equal(snapshotForRestore(backups, new Date('2026-11-21T02:00:00Z'))?.name, '20261121-020000');
  assert.equal(snapshotForRestore(backups, new Date('2026-12-01T00:00:00Z'))?.name, '20261122-020000');
  assert.equal(snapshotForRestore(backups, 'latest')?.name, '20261122-020000');
});

test('snapshots older than the oldest database backup kept are deleted, and with them the files only they held', () => {
  const pruned = pruneMediaSnapshots(backups, new Date('2026-11-21T00:00:00Z'));
  assert.deepEqual(pruned, ['20261120-020000']);
  const left = mediaSnapshots(backups);
  assert.deepEqual(
    left.map((snapshot) => snapshot.name),
    ['20261121-020000', '20261122-020000'],
  );
  // The photo deleted by retention is in no snapshot any more.
  for (const snapshot of left) assert.equal(fs.existsSync(path.join(snapshot.folder, 'faces/a.jpg')), false);
  // The newest is never pruned, however old.
  assert.deepEqual(pruneMediaSnapshots(backups, new Date('2030-01-01T00:00:00Z')), ['20261121-020000']);
  assert.deepEqual(
    mediaSnapshots(backups).map((snapshot) => snapshot.name),
    ['20261122-020000'],
  );
});
