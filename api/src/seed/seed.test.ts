import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { max } from 'drizzle-orm';
import { movableClock } from '../clock';
import { parseBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { DatabaseHandle } from '../db/database';
import { articles, topicPages } from '../content/content-schema';
import { openTestDatabase } from '../db/test-database';
import { databaseFingerprint } from '../test-support/test-server';
import { seedCategories, seedContent } from './content-seed';
import { REFERENCE_PARTS, seedMissing } from './seed';
import { DEMO_LEARNERS } from './learner-seed';
import { isValidIdNumber, initialPasswordOf } from '@yaoshi/contracts/identity-rules';
import { eq } from 'drizzle-orm';
import { academicYears, courses } from '../catalogue/catalogue-schema';
import { learners } from '../accounts/accounts-schema';
import { verifyPassword } from '../accounts/passwords';

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
  await assert.rejects(seedMissing(database.db, clock, [seedCategories, seedContent, failing]), /disk full/);
  assert.deepEqual(await databaseFingerprint(database.db), empty);
});

test('a database seeded before accounts existed gets the learners and student pages, once', async () => {
  const older = await openTestDatabase();
  try {
    assert.equal(await seedMissing(older.db, clock, [seedCategories, seedContent]), true);
    const before = await databaseFingerprint(older.db);
    assert.equal(before.learners, 0);
    assert.equal(await seedMissing(older.db, clock), true);
    const after = await databaseFingerprint(older.db);
    assert.equal(after.learners, DEMO_LEARNERS.length);
    assert.equal(after.student_pages, 2);
    assert.equal(after.articles, before.articles);
    assert.equal(await seedMissing(older.db, clock), false);
    assert.deepEqual(await databaseFingerprint(older.db), after);
  } finally {
    await older.close();
  }
});

test('reference data (what production seeds) is the categories only: no demo learners, orders, articles or settings', async () => {
  const fresh = await openTestDatabase();
  try {
    assert.equal(await seedMissing(fresh.db, clock, REFERENCE_PARTS), true);
    const seeded = await databaseFingerprint(fresh.db);
    assert.equal(seeded.categories, 9);
    const others = Object.entries(seeded).filter(
      ([table, n]) => table !== 'categories' && !table.startsWith('__') && n > 0,
    );
    assert.deepEqual(others, []);
    assert.equal(await seedMissing(fresh.db, clock, REFERENCE_PARTS), false, 'once');
  } finally {
    await fresh.close();
  }
});

test('an empty database is seeded once; later starts change nothing', async () => {
  assert.equal(await seedMissing(database.db, clock), true);
  const seeded = await databaseFingerprint(database.db);
  assert.equal(seeded.site_settings, 1);
  assert.equal(seeded.categories, 9);
  assert.ok((seeded.articles ?? 0) >= 40);
  assert.equal(seeded.slides, 3);
  assert.equal(seeded.advertisements, 2);
  assert.equal(seeded.topic_pages, 3);
  assert.equal(seeded.learners, DEMO_LEARNERS.length);
  assert.equal(seeded.student_pages, 2);
  assert.ok((seeded.friend_links ?? 0) >= 5);
  assert.equal(seeded.academic_years, 3);
  assert.equal(seeded.courses, 3 * 24);

  assert.equal(await seedMissing(database.db, clock), false);
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

test('demo learners: valid ID numbers, initial password = last 6 characters', async () => {
  for (const { profile } of DEMO_LEARNERS) {
    assert.ok(isValidIdNumber(profile.idNumber), profile.idNumber);
    const [row] = await database.db.select().from(learners).where(eq(learners.idNumber, profile.idNumber));
    assert.ok(row, profile.name);
    assert.match(row.passwordHash, /^\$argon2id\$/);
    assert.equal(await verifyPassword(row.passwordHash, initialPasswordOf(profile.idNumber)), true);
  }
});

test('the demo catalogue: the seeding year first, a make-up year, and hours that meet and exceed the rules', async () => {
  const years = await database.db.select().from(academicYears).orderBy(academicYears.sortOrder);
  assert.deepEqual(
    years.map(({ year, isBuxue }) => [year, isBuxue]),
    [
      [2027, false],
      [2026, false],
      [2025, true],
    ],
  );
  for (const { year } of years) {
    const rows = await database.db.select().from(courses).where(eq(courses.year, year));
    const hours = (keep: (row: (typeof rows)[number]) => boolean) =>
      rows.filter(keep).reduce((sum, row) => sum + row.classHourTenths, 0) / 10;
    const web = (row: (typeof rows)[number]) => row.kind === 'professional' && row.delivery === 'web';
    assert.equal(
      hours((row) => web(row) && row.courseType === 1),
      24,
      `compulsory hours of ${year}`,
    );
    assert.ok(hours(web) > 60, `professional web hours of ${year} exceed 60`);
    assert.ok(
      rows.some((row) => row.delivery === 'face_to_face'),
      `face-to-face placeholders in ${year}`,
    );
    assert.ok(hours((row) => row.kind === 'public') > 30, `public hours of ${year} exceed 30`);
    assert.ok(rows.every((row) => row.thumb.startsWith('courses/')));
    // Item 10: professional courses are sold, public courses are free (sign-up charges nothing).
    assert.ok(rows.filter((row) => row.kind === 'professional').every((row) => row.priceFen > 0));
    assert.ok(
      rows.filter((row) => row.kind === 'public').every((row) => row.priceFen === 0),
      `public courses of ${year} are free`,
    );
    // One credit an hour, so credits add up like hours: six 5-hour public courses, 30 学时, are 30 学分.
    assert.ok(
      rows.every((row) => row.creditTenths === row.classHourTenths),
      `credits of ${year} follow hours`,
    );
  }
});
