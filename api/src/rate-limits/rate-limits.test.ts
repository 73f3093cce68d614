import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { idNumberCheckCharacter } from '@yaoshi/contracts/identity-rules';
import { movableClock } from '../clock';
import { preparePostgres, type DatabaseHandle } from '../db/database';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../db/test-database';
import { MESSAGES } from '../messages';
import { seedMissing } from '../seed/seed';
import { TEST_START, startTestServer, type TestServer } from '../test-support/test-server';
import { assertRefused, passwordLogin } from '../test-support/learner-session';
import { IP_LIMITS } from './rate-limits';

/**
 * Per-IP limits are kept in the database, so two API servers on one PostgreSQL share them.
 * Needs a PostgreSQL server: runs when DATABASE_URL is set (CI's second `npm test`).
 */
const serverUrl = process.env.DATABASE_URL?.trim();

describe(
  'per-IP limits across two servers on one PostgreSQL',
  { skip: serverUrl ? false : 'needs DATABASE_URL' },
  () => {
    let database: ThrowawayDatabase;
    let pool: pg.Pool;
    let handle: DatabaseHandle;
    let otherHandle: DatabaseHandle;
    let first: TestServer;
    let second: TestServer;
    const clock = movableClock(TEST_START);

    before(async () => {
      database = await createThrowawayDatabase(serverUrl!);
      // Each server gets its own pool, as two processes would.
      pool = new pg.Pool({ connectionString: database.url, max: 4 });
      pool.on('error', () => undefined);
      handle = await preparePostgres(
        pool,
        (db) => seedMissing(db, clock).then(() => undefined),
        () => pool.end(),
      );
      const otherPool = new pg.Pool({ connectionString: database.url, max: 4 });
      otherPool.on('error', () => undefined);
      otherHandle = await preparePostgres(otherPool, undefined, () => otherPool.end());
      first = await startTestServer({ database: handle, clock });
      second = await startTestServer({ database: otherHandle, clock });
    });
    after(async () => {
      await first?.close();
      await second?.close();
      await handle?.close();
      await otherHandle?.close();
      await database?.drop();
    });

    test('password logins: the limit counts the attempts on both servers together', async () => {
      const { max, windowMs } = IP_LIMITS.passwordLogin;
      for (let i = 0; i < max; i += 1) {
        const answer = await passwordLogin(i % 2 === 0 ? first : second, '13600000000', 'wrong-password');
        assert.equal(answer.status, 400, `attempt ${i + 1}`);
      }
      for (const server of [first, second]) {
        const refused = await passwordLogin(server, '13600000000', 'wrong-password');
        assertRefused(refused, 429, MESSAGES.loginIpLimit(windowMs / 60_000));
        assert.equal(refused.headers.get('retry-after'), String(windowMs / 1000));
      }
      clock.advance(windowMs);
      assert.equal((await passwordLogin(second, '13600000000', 'wrong-password')).status, 400);
    });

    test('forgot-password and SMS codes have their own limits, shared the same way', async () => {
      const forgot = (server: TestServer) =>
        server.call({
          method: 'POST',
          path: '/v1/forget',
          payload: {
            phone: '13600000000',
            vcode: '000000',
            idcard: `11010119900307777${idNumberCheckCharacter('11010119900307777')}`,
            password: 'new-pass-1',
            confirm_password: 'new-pass-1',
          },
        });
      for (let i = 0; i < IP_LIMITS.forgotPassword.max; i += 1)
        assert.equal((await forgot(i % 2 ? first : second)).status, 400);
      assertRefused(await forgot(first), 429, /当前网络找回密码过于频繁/);
      const code = (server: TestServer, i: number) =>
        server.call({ method: 'GET', path: '/v1/vcode', payload: { phone: `135${String(i).padStart(8, '0')}` } });
      for (let i = 0; i < IP_LIMITS.smsCode.max; i += 1)
        assert.equal((await code(i % 2 ? first : second, i)).status, 200, `code ${i}`);
      const refused = await code(second, 99);
      assertRefused(refused, 429, MESSAGES.codeIpLimit);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
    });
  },
);
