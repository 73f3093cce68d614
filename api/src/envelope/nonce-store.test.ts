import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { count } from 'drizzle-orm';
import { movableClock } from '../clock';
import type { DatabaseHandle } from '../db/database';
import { requestNonces } from './envelope-schema';
import { openTestDatabase } from '../db/test-database';
import { NONCE_PRUNE_INTERVAL_MS, NONCE_RETENTION_MS, createNonceGuard, deleteExpiredNonces } from './nonce-store';

/** Nonces are kept while a replay could still pass the timestamp check, and pruned after. */

let database: DatabaseHandle;
before(async () => {
  database = await openTestDatabase();
});
after(() => database.close());

const START = Date.UTC(2025, 5, 16, 2, 0, 0);

async function storedNonces(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(requestNonces);
  return row?.n ?? 0;
}

test('deleteExpiredNonces removes only the expired nonces and says how many', async () => {
  const db = database.db;
  await db.delete(requestNonces);
  const rows = Array.from({ length: 5 }, (_, i) => ({
    appId: 'yaoshi-web',
    nonce: `old-${i}`,
    expiresAt: new Date(START - 1 - i),
  }));
  await db
    .insert(requestNonces)
    .values([...rows, { appId: 'yaoshi-web', nonce: 'live', expiresAt: new Date(START + 1) }]);
  assert.equal(await deleteExpiredNonces(db, new Date(START)), 5);
  assert.equal(await storedNonces(), 1);
  assert.equal(await deleteExpiredNonces(db, new Date(START)), 0, 'nothing left to delete');
});

test('the guard refuses a replay while the nonce is kept, and prunes at most once per interval', async () => {
  const db = database.db;
  await db.delete(requestNonces);
  const clock = movableClock(START);
  const guard = createNonceGuard(db, clock, (error) => assert.fail(String(error)));
  assert.equal(await guard.accept('yaoshi-web', 'first', START), true);
  assert.equal(await guard.accept('yaoshi-web', 'first', START), false, 'a replay');

  // Past its retention the nonce expires, and the next request's prune deletes it.
  clock.advance(NONCE_RETENTION_MS + 1);
  assert.equal(await guard.accept('yaoshi-web', 'second', clock.nowMs()), true);
  assert.equal(await storedNonces(), 1, 'the expired nonce is gone, the live one stays');

  // Within the interval no prune runs, even with expired nonces present.
  await db
    .insert(requestNonces)
    .values({ appId: 'yaoshi-web', nonce: 'expired', expiresAt: new Date(clock.nowMs() - 1) });
  clock.advance(NONCE_PRUNE_INTERVAL_MS - 1);
  assert.equal(await guard.accept('yaoshi-web', 'third', clock.nowMs()), true);
  assert.equal(await storedNonces(), 3);
  clock.advance(1);
  assert.equal(await guard.accept('yaoshi-web', 'fourth', clock.nowMs()), true);
  assert.equal(await storedNonces(), 3, 'a full interval later the prune runs again');
});
