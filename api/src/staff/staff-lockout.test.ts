import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../messages';
import { assertRefused } from '../test-support/learner-session';
import { MAX_PASSWORD_FAILURES } from '../accounts/password-lockout';
import { createPasswordHasher } from '../accounts/passwords';
import { COMMAND_LINE_ACTOR } from '../audit/audit-log';
import { auditRecords } from '../audit/audit-schema';
import { movableClock } from '../clock';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { seedMissing } from '../seed/seed';
import { TEST_START, startTestServer, type TestServer } from '../test-support/test-server';
import { createStaffAudited, generateStaffPassword } from './staff-accounts';
import { staffAccounts } from './staff-schema';
import { currentTotp } from './totp';

/**
 * Guesses sent together (issue 32): with the production default of 8 password checks at once
 * per server, and two servers on one database, 40 simultaneous logins with the right password
 * and wrong codes are checked at most MAX_PASSWORD_FAILURES times, then the account locks.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (the case that matters: PGlite
 * serialises everything, PostgreSQL runs the transactions side by side).
 */
const hashers = [
  createPasswordHasher({ concurrency: 8, maxQueue: 1000 }),
  createPasswordHasher({ concurrency: 8, maxQueue: 1000 }),
];
const servers: TestServer[] = [];
const USERNAME = 'guessed';
let password: string;
let secret: string;

let database: DatabaseHandle;
const clock = movableClock(TEST_START);

before(async () => {
  database = await openTestDatabase((db) => seedMissing(db, clock).then(() => undefined));
  // Behind a proxy, each guess from an address of its own: this is the account's limit, not the address's.
  for (const passwordHasher of hashers)
    servers.push(await startTestServer({ passwordHasher, config: { trustProxy: true }, database, clock }));
  password = generateStaffPassword();
  const created = await createStaffAudited(servers[0]!.db, servers[0]!.clock, COMMAND_LINE_ACTOR, {
    username: USERNAME,
    name: '被猜测',
    roles: ['财务'],
    password,
  });
  secret = created.secret;
});
after(async () => {
  for (const server of servers) await server.close();
  await database.close();
});

let address = 0;
function staffLoginFrom(server: TestServer, otp: string) {
  address += 1;
  const request = server.sign({
    method: 'POST',
    path: '/v1/admin/login',
    payload: { username: USERNAME, password, otp },
  });
  return server.send(request.url, {
    method: request.method,
    headers: { ...request.headers, 'x-forwarded-for': `10.1.${address >> 8}.${address & 255}` },
    body: request.body ?? null,
  });
}

test('40 logins at once on two servers with the right password and wrong codes: at most 5 are checked, then the account is locked and audited', async () => {
  const right = currentTotp(secret, clock.nowMs());
  const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
  const checkedBefore = hashers[0]!.verifications + hashers[1]!.verifications;
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => staffLoginFrom(servers[i % 2]!, wrong)));
  const statuses = answers.map((answer) => answer.status);
  assert.ok(
    statuses.every((status) => status === 400 || status === 429),
    statuses.join(','),
  );
  const checked = hashers[0]!.verifications + hashers[1]!.verifications - checkedBefore;
  assert.ok(checked <= MAX_PASSWORD_FAILURES, `${checked} passwords checked`);
  assert.ok(statuses.filter((status) => status === 400).length < MAX_PASSWORD_FAILURES);

  const [row] = await servers[0]!.db
    .select({ lockedUntil: staffAccounts.lockedUntil })
    .from(staffAccounts)
    .where(eq(staffAccounts.username, USERNAME));
  assert.ok(row?.lockedUntil && row.lockedUntil > clock.now(), 'locked');
  const locks = await servers[0]!.db.select().from(auditRecords).where(eq(auditRecords.action, 'staff.lock'));
  assert.equal(locks.length, 1);
  assert.equal(locks[0]!.target, USERNAME);
  assert.equal(locks[0]!.actorKind, 'job');

  // Even the right code is refused now, on either server.
  clock.advance(31_000);
  const late = await staffLoginFrom(servers[1]!, currentTotp(secret, clock.nowMs()));
  assertRefused(late, 429, MESSAGES.staffLocked(15));
});
