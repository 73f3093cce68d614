import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { max } from 'drizzle-orm';
import { movableClock } from '../clock';
import { parseBeijingTime } from '../content/published-time';
import type { DatabaseHandle } from '../db/database';
import { articles, topicPages } from '../db/schema';
import { openTestDatabase } from '../db/test-database';
import { databaseFingerprint } from '../test-support/test-server';
import { seedContent } from './content-seed';
import { seedIfEmpty } from './seed';

let database: DatabaseHandle;
before(async () => {
  database = await openTestDatabase();
});
after(() => database.close());

const clock = movableClock(parseBeijingTime('2027-01-05 08:00:00'));

test('a failing part leaves the database empty, not half-seeded', async () => {
  const empty = await databaseFingerprint(database.db);
  const failing = async () => {
    throw new Error('disk full');
  };
  await assert.rejects(seedIfEmpty(database.db, clock, [seedContent, failing]), /disk full/);
  assert.deepEqual(await databaseFingerprint(database.db), empty);
});

test('an empty database is seeded once; later starts change nothing', async () => {
  assert.equal(await seedIfEmpty(database.db, clock), true);
  const seeded = await databaseFingerprint(database.db);
  assert.equal(seeded.site_settings, 1);
  assert.equal(seeded.categories, 9);
  assert.ok((seeded.articles ?? 0) >= 40);
  assert.equal(seeded.slides, 3);
  assert.equal(seeded.advertisements, 2);
  assert.equal(seeded.topic_pages, 3);
  assert.ok((seeded.friend_links ?? 0) >= 5);

  assert.equal(await seedIfEmpty(database.db, clock), false);
  assert.deepEqual(await databaseFingerprint(database.db), seeded);
});

test('seeded articles are in the past and texts speak of the seeding year', async () => {
  const [latest] = await database.db.select({ at: max(articles.publishedAt) }).from(articles);
  assert.ok(latest?.at && latest.at.getTime() < clock.nowMs());
  const pages = await database.db.select().from(topicPages);
  assert.ok(pages.some((page) => page.title.startsWith('2027年度')));
  const contents = await database.db.select({ content: articles.content }).from(articles);
  assert.ok(contents.every(({ content }) => !/lorem/i.test(content) && (content.match(/<p>|<li>/g)?.length ?? 0) >= 3));
});
