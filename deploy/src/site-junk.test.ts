import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routeTableOf } from '@yaoshi/api-server/envelope/route-table';
import { feedJunk } from '@yaoshi/api-server/junk/junk-suite';
import { startTestServer, type TestServer } from '@yaoshi/api-server/test-support/test-server';
import { registerSite } from './serve';

/**
 * The junk suite (api/src/junk/junk-suite.ts) over the routes only `npm start` adds on top
 * of the API: the built site's files and the page fallback (registerSite, as serve.ts
 * registers it), fed junk paths, queries, bodies and transports. Every answer is below 500
 * and nothing in the database changes. The API's and the release registry's routes are
 * api/src/junk/junk-input.test.ts's.
 */
const RUNS = Number(process.env.JUNK_RUNS ?? 8);

function fakeSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'yaoshi-junk-www-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
  mkdirSync(join(root, 'static', 'js'), { recursive: true });
  writeFileSync(join(root, 'static', 'js', 'main.0123abcd.js'), 'console.log(1)');
  writeFileSync(join(root, 'remotes.json'), '{}');
  return root;
}

let plain: TestServer;
let site: TestServer;
before(async () => {
  plain = await startTestServer({ seed: false });
  site = await startTestServer({ register: (app) => registerSite(app, fakeSite()) });
});
after(async () => {
  await plain.close();
  await site.close();
});

test('the site and page routes serve.ts adds, fed junk, answer below 500 and change nothing', async () => {
  const api = new Set(routeTableOf(plain.app).map((route) => `${route.method} ${route.url}`));
  const routes = routeTableOf(site.app).filter(
    (route) => route.method !== 'OPTIONS' && !api.has(`${route.method} ${route.url}`),
  );
  assert.ok(
    routes.some((route) => route.method === 'GET'),
    `the site's routes: ${routes.map((r) => `${r.method} ${r.url}`).join(', ')}`,
  );
  const result = await feedJunk({
    server: site,
    routes,
    runs: RUNS,
    // No sign-in behind these routes: tokens that name nobody.
    tokens: async () => ({ learner: 'no-such-learner-token', staff: 'no-such-staff-token' }),
  });
  console.log(JSON.stringify({ siteJunk: { ...result, routes: routes.map((r) => `${r.method} ${r.url}`) } }));
  assert.deepEqual(result.serverErrorList, []);
});
