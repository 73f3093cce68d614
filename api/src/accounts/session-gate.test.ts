import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '../messages';
import { sessionGate } from './sessions';
import { databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { LI, WANG, ZHANG, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';

/**
 * The real gate (nonce + session in one statement shared by the requests arriving
 * together): sent at once, requests are answered as if each had been alone.
 */

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

test('the same signed request sent five times at once is served once', async () => {
  const request = server.sign({ method: 'GET', path: '/v1/article', payload: { postid: 3 } });
  const hitsBefore = (await databaseFingerprint(server.db))['articles.hits'] ?? 0;
  const noncesBefore = (await databaseFingerprint(server.db)).request_nonces ?? 0;
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => server.send(request.url, { headers: request.headers })),
  );
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 403, 403, 403, 403]);
  for (const answer of answers.filter((candidate) => candidate.status === 403))
    assertRefused(answer, 403, MESSAGES.requestReplayed);
  const after_ = await databaseFingerprint(server.db);
  assert.equal(after_['articles.hits'], hitsBefore + 1);
  assert.equal(after_.request_nonces, noncesBefore + 1);
});

test('learners calling at once each get their own account, and a bad token among them only its own 401', async () => {
  const tokens = [
    await loginToken(server, ZHANG.phone, ZHANG.password),
    await loginToken(server, LI.phone, LI.password),
    await loginToken(server, WANG.phone, WANG.password),
  ];
  const callers = [...tokens, 'not-a-token', ...tokens];
  const answers = await Promise.all(callers.map((token) => authed(server, token, 'GET', '/v1/userinfo')));
  const names = answers.map((answer, index) => {
    if (callers[index] === 'not-a-token') {
      assertRefused(answer, 401, MESSAGES.loginRequired);
      return null;
    }
    return (dataOf(answer) as { name: string }).name;
  });
  assert.deepEqual(names, [ZHANG.name, LI.name, WANG.name, null, ZHANG.name, LI.name, WANG.name]);
});

test('a token stops working the moment its session is revoked, even among concurrent calls', async () => {
  const token = await loginToken(server, LI.phone, LI.password);
  dataOf(await authed(server, token, 'POST', '/v1/logout'));
  const answers = await Promise.all([
    authed(server, token, 'GET', '/v1/userinfo'),
    authed(server, token, 'GET', '/v1/userinfo'),
  ]);
  for (const answer of answers) assertRefused(answer, 401, MESSAGES.loginRequired);
});

test('one batch holding the same nonce three times and a new one: fresh only the first time each', async () => {
  const gate = sessionGate(server.db, server.clock, (error) => assert.fail(String(error)));
  const claim = { appId: 'yaoshi-web', nonce: `batch-${Math.random()}`, timestamp: server.clock.nowMs() };
  const other = { ...claim, nonce: `${claim.nonce}-other` };
  // Called in one turn of the event loop: they share one statement.
  const admissions = await Promise.all([
    gate.admit(claim, null),
    gate.admit(claim, null),
    gate.admit(other, null),
    gate.admit(claim, null),
  ]);
  assert.deepEqual(
    admissions.map((admission) => admission.fresh),
    [true, false, true, false],
  );
  assert.equal((await gate.admit(claim, null)).fresh, false, 'and in a later batch');
});
