import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DatabaseHandle } from '../db/database';
import { learners } from './accounts-schema';
import { openTestDatabase } from '../db/test-database';

let database: DatabaseHandle;
before(async () => {
  database = await openTestDatabase();
});
after(() => database.close());

const now = new Date('2025-06-16T02:00:00Z');
const base = {
  name: '测试',
  idNumber: '320106198503124510',
  phone: '13812345678',
  passwordHash: 'x',
  certificationType: 1,
  createdAt: now,
  updatedAt: now,
};

/** A refusal by a constraint (not, say, a malformed query). */
function constraintViolation(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error && /violates (check|unique) constraint/.test(cause.message);
}

/** The database refuses what the contract refuses, whoever writes to it. */
test('check constraints enforce the enumerations, formats and the region chain', async () => {
  const bad: Record<string, unknown>[] = [
    { education: 6 },
    { certificationType: 5 },
    { sex: 0 },
    { ethnic: 3 },
    { professionRank: 4 },
    { politicsStatus: 4 },
    { avatarStatus: 4 },
    { idNumber: '32010619850312451x' },
    { phone: '2381234567' },
    { provinceCode: '32' },
    { provinceCode: '320000', cityCode: '310100' },
    { cityCode: '320100' },
    { provinceCode: '320000', cityCode: '320100', countyCode: '320206' },
  ];
  for (const change of bad) {
    await assert.rejects(
      database.db.insert(learners).values({ ...base, ...change }),
      constraintViolation,
      JSON.stringify(change),
    );
  }
  await database.db.insert(learners).values({
    ...base,
    provinceCode: '320000',
    cityCode: '320100',
    countyCode: '320106',
    education: 5,
    professionRank: 0,
  });
  await assert.rejects(
    database.db.insert(learners).values({ ...base, phone: '13812345679' }),
    constraintViolation,
    'duplicate ID number',
  );
  await assert.rejects(
    database.db.insert(learners).values({ ...base, idNumber: '11010519491231002X' }),
    constraintViolation,
    'duplicate phone',
  );
});
