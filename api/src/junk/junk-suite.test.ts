import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineEndpoint } from '@yaoshi/contracts/endpoint';
import type { RouteModule } from '../app-deps';
import { routeTableOf } from '../envelope/route-table';
import { databaseContents } from '../test-support/database-contents';
import { databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { feedJunk } from './junk-suite';

/**
 * The junk suite's own checks, on test-only routes: an UPDATE is a change (row counts
 * would not see it), and a route that answers junk with 2xx and writes is caught.
 */

const careless = defineEndpoint({
  method: 'POST',
  path: '/v1/test/careless',
  auth: false,
  request: z.object({ text: z.unknown() }),
  response: z.object({ ok: z.boolean() }),
});
const reader = defineEndpoint({
  method: 'GET',
  path: '/v1/test/reader',
  auth: false,
  request: z.object({ text: z.unknown() }),
  response: z.object({ ok: z.boolean() }),
});
let writes = 0;
const routes: RouteModule = (api, deps) => {
  // Takes any payload and rewrites a row: an UPDATE, so the row counts stay the same.
  api.add(careless, async () => {
    writes += 1;
    await deps.db.execute(sql`update site_settings set site_icp = ${`改动${writes}`}`);
    return { ok: true };
  });
  api.add(reader, async () => ({ ok: true }));
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ routeModules: [routes] });
});
after(() => server.close());

const route = (url: string) => routeTableOf(server.app).find((r) => r.url === url)!;
const tokens = async () => ({ learner: 'not-a-token', staff: 'not-a-token' });

test('an UPDATE changes the contents, not the row counts; ignored columns do not count', async () => {
  const counts = await databaseFingerprint(server.db);
  const contents = await databaseContents(server.db);
  await server.db.execute(sql`update site_settings set site_owner = site_owner || '＊'`);
  assert.deepEqual(await databaseFingerprint(server.db), counts, 'row counts miss it');
  assert.notDeepEqual(await databaseContents(server.db), contents, 'contents see it');
  const ignoring = await databaseContents(server.db, ['site_settings.site_owner']);
  await server.db.execute(sql`update site_settings set site_owner = site_owner || '＊'`);
  assert.deepEqual(await databaseContents(server.db, ['site_settings.site_owner']), ignoring);
});

test('a route that answers junk with 2xx and writes fails the suite; one that only reads passes', async () => {
  await assert.rejects(
    feedJunk({ server, routes: [route(careless.path)], runs: 3, tokens }),
    /answered 200 and changed the database/,
  );
  const result = await feedJunk({ server, routes: [route(reader.path)], runs: 3, tokens });
  assert.ok(result.accepted > 0, 'the reader accepted junk');
  assert.deepEqual(result.serverErrorList, []);
});
