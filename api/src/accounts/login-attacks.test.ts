import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { idNumberCheckCharacter } from '@yaoshi/contracts/identity-rules';
import { learners } from './accounts-schema';
import { MESSAGES } from '../messages';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { LI, ZHANG, assertRefused, dataOf } from '../test-support/learner-session';
import { MAX_PASSWORD_FAILURES, PASSWORD_LOCK_MINUTES } from './password-lockout';
import { createPasswordHasher } from './passwords';

/**
 * Logins under attack (issue 15): runs on PGlite, and on PostgreSQL when DATABASE_URL is
 * set (`DATABASE_URL=postgres://… node --import tsx --test src/accounts/login-attacks.test.ts`).
 */
const hasher = createPasswordHasher({ concurrency: 2, maxQueue: 1000 });
let server: TestServer;
before(async () => {
  // Behind a proxy, so each attempt can come from its own address: these tests are about
  // the per-account lockout, not the per-IP limit (rate-limits.test.ts).
  server = await startTestServer({ passwordHasher: hasher, config: { trustProxy: true } });
});

let address = 0;
/** A password login from an address of its own. */
function passwordLogin(target: TestServer, username: string, password: string) {
  address += 1;
  const request = target.sign({ method: 'POST', path: '/v1/login', payload: { type: '1', username, password } });
  return target.send(request.url, {
    method: request.method,
    headers: { ...request.headers, 'x-forwarded-for': `10.0.${address >> 8}.${address & 255}` },
    body: request.body ?? null,
  });
}
after(() => server.close());

describe('the password lockout is atomic', () => {
  test('100 concurrent wrong passwords: at most 5 are checked, the account locks, and the right password is refused', async () => {
    const before = hasher.verifications;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => passwordLogin(server, ZHANG.phone, `wrong-${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    assert.ok(
      statuses.every((status) => status === 400 || status === 429),
      statuses.join(','),
    );
    assert.ok(statuses.filter((status) => status === 400).length < MAX_PASSWORD_FAILURES);
    assert.equal(hasher.verifications - before, MAX_PASSWORD_FAILURES, 'passwords checked');
    const [row] = await server.db
      .select({ lockedUntil: learners.passwordLockedUntil })
      .from(learners)
      .where(eq(learners.phone, ZHANG.phone));
    assert.ok(row?.lockedUntil && row.lockedUntil > server.clock.now(), 'locked');
    const right = await passwordLogin(server, ZHANG.idNumber, ZHANG.password);
    assertRefused(right, 429, MESSAGES.passwordLoginLocked(PASSWORD_LOCK_MINUTES));
    assert.equal(right.headers.get('retry-after'), String(PASSWORD_LOCK_MINUTES * 60));
  });

  test('the right password sent among concurrent wrong ones never gets in once the account is locked', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => passwordLogin(server, LI.phone, `wrong-${i}`)),
      passwordLogin(server, LI.phone, LI.password),
      ...Array.from({ length: 30 }, (_, i) => passwordLogin(server, LI.phone, `wrong-b${i}`)),
    ]);
    const right = answers[30]!;
    // Either it was checked before the fifth failure (and signed in), or it was refused.
    assert.ok(right.status === 200 || right.status === 429, String(right.status));
    assert.ok(answers.every((answer) => answer === right || answer.status === 400 || answer.status === 429));
    // Afterwards the account is locked or, if the right one cleared the failures, still counts.
    const later = await passwordLogin(server, LI.phone, LI.password);
    const [row] = await server.db
      .select({ lockedUntil: learners.passwordLockedUntil })
      .from(learners)
      .where(eq(learners.phone, LI.phone));
    if (row?.lockedUntil && row.lockedUntil > server.clock.now()) assertRefused(later, 429, /密码错误次数过多/);
    else dataOf(later);
  });
});

describe('unknown accounts', () => {
  test('a login for an unknown account verifies a dummy hash, as a real one does', async () => {
    const unknownId = `11010119900307777${idNumberCheckCharacter('11010119900307777')}`;
    for (const username of ['13600000000', unknownId]) {
      const before = hasher.verifications;
      assertRefused(await passwordLogin(server, username, 'any-password'), 400, MESSAGES.wrongCredentials);
      assert.equal(hasher.verifications - before, 1, username);
    }
  });
});

describe('the hashing pool', () => {
  test('logins beyond the queue get a quick 503 with Retry-After', async () => {
    const small = await startTestServer({
      passwordHasher: createPasswordHasher({ concurrency: 1, maxQueue: 2 }),
      config: { trustProxy: true },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => passwordLogin(small, '13600000000', 'x-password')),
      );
      const busy = answers.filter((answer) => answer.status === 503);
      assert.ok(busy.length > 0, 'some refused');
      assertRefused(busy[0]!, 503, MESSAGES.loginBusy);
      assert.equal(busy[0]!.headers.get('retry-after'), '2');
      assert.ok(answers.every((answer) => answer.status === 503 || answer.status === 400));
    } finally {
      await small.close();
    }
  });
});
