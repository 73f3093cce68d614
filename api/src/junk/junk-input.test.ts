import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { STAFF_ROLES } from '@yaoshi/contracts/staff-roles';
import { COMMAND_LINE_ACTOR } from '../audit/audit-log';
import { routeTableOf } from '../envelope/route-table';
import { releaseConfigFromEnv } from '../releases/release-config';
import { registerReleaseRoutes } from '../releases/release-routes';
import { createStaffAudited, generateStaffPassword } from '../staff/staff-accounts';
import { currentTotp } from '../staff/totp';
import { ZHANG, dataOf, loginToken } from '../test-support/learner-session';
import { registerTestRemote } from '../test-support/release-registry';
import { staffLogin } from '../test-support/staff-session';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { feedJunk } from './junk-suite';

/**
 * Every route the server registers (its own route table, not a hand list) — the API's and
 * the release registry's, registered as deploy/src/serve.ts does — fed generated junk
 * (src/junk/junk-suite.ts): it answers 4xx — in the `{code, message, data}` envelope for
 * the /v1 API — never a 5xx, and changes nothing. /v1 payload cases are signed correctly,
 * with no token, a learner's and a staff member's holding every role, so the junk reaches
 * validation and the handlers of the learner's and the staff console's routes alike.
 *
 * JUNK_RUNS (default 8) sets the generated cases per route and token state.
 */
const RUNS = Number(process.env.JUNK_RUNS ?? 8);
const RELEASE_TOKEN = 'junk-suite-release-token-0123456789';

let server: TestServer;
const staff = { username: 'junkstaff', password: '', secret: '' };
before(async () => {
  server = await startTestServer({
    // The release registry's routes, as deploy/src/serve.ts registers them on the same app.
    register: async (app, { db, clock, config }) => {
      await registerTestRemote(db, clock, 'junk-remote', { versions: ['1.0.0', '1.1.0'], pinned: '1.0.0' });
      const releaseConfig = releaseConfigFromEnv({ RELEASE_TOKENS: `junk:${RELEASE_TOKEN}` }, false);
      await registerReleaseRoutes(app, {
        db,
        clock,
        siteDir: undefined,
        autoRollback: releaseConfig.autoRollback,
        config: releaseConfig,
        secret: config.mediaUrlSecret,
        log: app.log,
      });
    },
  });
  const created = await createStaffAudited(server.db, server.clock, COMMAND_LINE_ACTOR, {
    username: staff.username,
    name: '乱码测试',
    roles: STAFF_ROLES,
    password: generateStaffPassword(),
  });
  staff.password = created.password;
  staff.secret = created.secret;
});
after(() => server.close());

test('every registered route, fed junk with no token, a learner token and a staff token, answers 4xx (never 5xx) and changes nothing', async () => {
  const started = Date.now();
  const routes = routeTableOf(server.app).filter((route) => route.method !== 'OPTIONS');
  const urls = new Set(routes.map((route) => route.url));
  assert.ok(routes.length > 100, `the route table lists ${routes.length} routes`);
  for (const url of [
    '/v1/admin/learners',
    '/v1/admin/releases/pin',
    '/v1/releases/reports',
    '/v1/article_view',
    '/remotes.json',
  ])
    assert.ok(urls.has(url), `${url} is in the route table`);

  const result = await feedJunk({
    server,
    routes,
    runs: RUNS,
    // Signed in afresh per route: the clock moves 16 minutes a route, past the staff session's 30-minute idle end.
    tokens: async () => ({
      learner: await loginToken(server, ZHANG.phone, ZHANG.password),
      staff: (
        dataOf(
          await staffLogin(server, staff.username, staff.password, currentTotp(staff.secret, server.clock.nowMs())),
        ) as { token: string }
      ).token,
    }),
  });
  // Printed for the record in docs/appendix-measurements.md ("The junk suite").
  console.log(
    JSON.stringify({
      junkSuite: {
        routes: result.routes,
        cases: result.cases,
        casesPerRoute: Math.round(result.cases / result.routes),
        accepted2xx: result.accepted,
        pastSignIn: result.pastSignIn,
        serverErrors: result.serverErrors,
        seconds: Math.round((Date.now() - started) / 1000),
        database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
      },
    }),
  );
  assert.deepEqual(result.serverErrorList, []);
  // The tokens worked: the junk reached validation and the handlers behind the learner's and the staff's sign-in.
  if (!process.env.JUNK_ROUTES) {
    assert.ok(result.pastSignIn.learner > 100, `learner token past sign-in ${result.pastSignIn.learner} times`);
    assert.ok(result.pastSignIn.staff > 100, `staff token past sign-in ${result.pastSignIn.staff} times`);
  }
});
