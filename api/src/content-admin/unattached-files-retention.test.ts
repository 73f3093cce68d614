import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { movableClock } from '../clock';
import { localStorage } from '../storage/local-storage';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import {
  advertisements,
  articleAttachments,
  articles,
  categories,
  contentFiles,
  siteSettings,
  slides,
} from '../content/content-schema';
import { UNATTACHED_UPLOAD_MAX_AGE_MS, deleteUnattachedContentFiles } from './unattached-files-retention';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-26T08:00:00Z');
let handle: DatabaseHandle;
let mediaDir: string;
const storageOf = () => localStorage({ root: mediaDir, signedUrl: () => '' });

before(async () => {
  handle = await openTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-unattached-'));
});
after(async () => {
  await handle.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

function relative(n: number, extension = 'png'): string {
  return `content/${n.toString(16).padStart(32, '0')}.${extension}`;
}

async function upload(n: number, ageMs: number, extension = 'png'): Promise<{ id: number; path: string }> {
  const file = relative(n, extension);
  fs.mkdirSync(path.join(mediaDir, 'content'), { recursive: true });
  fs.writeFileSync(path.join(mediaDir, file), 'bytes');
  const [row] = await handle.db
    .insert(contentFiles)
    .values({
      kind: extension === 'pdf' ? 'attachment' : 'image',
      name: `file${n}.${extension}`,
      path: file,
      size: 5,
      createdAt: new Date(NOW - ageMs),
    })
    .returning({ id: contentFiles.id });
  return { id: row!.id, path: file };
}

test('unattached uploads older than a day are deleted, row and file; anything referred to or younger stays', async () => {
  const day = UNATTACHED_UPLOAD_MAX_AGE_MS;
  const abandoned = await upload(1, day + HOUR);
  const abandonedPdf = await upload(2, 3 * day, 'pdf');
  const young = await upload(3, day - HOUR);
  const inBody = await upload(4, 2 * day);
  const attachment = await upload(5, 2 * day, 'pdf');
  const onSlide = await upload(6, 2 * day);
  const inAd = await upload(7, 2 * day);
  const inProfile = await upload(8, 2 * day);

  await handle.db.insert(categories).values({ id: 990, name: '测试' }).onConflictDoNothing();
  const [article] = await handle.db
    .insert(articles)
    .values({
      categoryId: 990,
      title: '通知',
      content: `<p>见图</p><img src="https://www.example.org/media/${inBody.path}">`,
      publishedAt: new Date(NOW),
      createdAt: new Date(NOW),
      updatedAt: new Date(NOW),
    })
    .returning({ id: articles.id });
  await handle.db.insert(articleAttachments).values({ articleId: article!.id, fileId: attachment.id, sortOrder: 0 });
  await handle.db.insert(slides).values({ title: '首页', image: `/media/${onSlide.path}`, url: '/' });
  await handle.db.insert(advertisements).values({ kind: 'image', imageUrl: `/media/${inAd.path}` });
  const profile = await handle.db.select().from(siteSettings).limit(1);
  if (profile.length > 0) {
    await handle.db.update(siteSettings).set({ wechatQrcode: `/media/${inProfile.path}` });
  } else {
    // No profile row in an unseeded database: keep the file referred to from a slide instead.
    await handle.db.insert(slides).values({ title: '资料', image: `/media/${inProfile.path}`, url: '/' });
  }

  const deleted = await deleteUnattachedContentFiles(handle.db, movableClock(NOW), storageOf());

  assert.deepEqual(deleted, [abandoned.path, abandonedPdf.path].sort());
  const left = (await handle.db.select({ path: contentFiles.path }).from(contentFiles)).map((row) => row.path).sort();
  assert.deepEqual(left, [young, inBody, attachment, onSlide, inAd, inProfile].map((file) => file.path).sort());
  assert.equal(fs.existsSync(path.join(mediaDir, abandoned.path)), false);
  assert.equal(fs.existsSync(path.join(mediaDir, abandonedPdf.path)), false);
  for (const kept of left) assert.equal(fs.existsSync(path.join(mediaDir, kept)), true, kept);

  // Run again (a retried job): nothing more to do, and a file already gone from disk is fine.
  assert.deepEqual(await deleteUnattachedContentFiles(handle.db, movableClock(NOW), storageOf()), []);
  // The young one's day passes.
  assert.deepEqual(await deleteUnattachedContentFiles(handle.db, movableClock(NOW + 2 * HOUR), storageOf()), [
    young.path,
  ]);
});
