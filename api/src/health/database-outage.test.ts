import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { tcpRelay } from '../test-support/tcp-relay';
import pg from 'pg';
import { signRequest } from '@yaoshi/envelope/sign';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../db/test-database';
import { MESSAGES } from '../messages';
import { createApiServer, type ApiServer } from '../server';
import { TEST_SIGNER } from '../test-support/test-server';
import { DATABASE_RETRY_AFTER_S } from '../db/database-faults';

/**
 * The database goes away and comes back while the server runs. The server reaches a real
 * PostgreSQL through a TCP relay the test controls: taking the relay down is the database
 * becoming unreachable (refused connections, open ones cut); `pg_terminate_backend` is a
 * restart as the server sees it. Needs a PostgreSQL server: runs when DATABASE_URL is set.
 */
const serverUrl = process.env.DATABASE_URL?.trim();

describe('database outage', { skip: serverUrl ? false : 'needs DATABASE_URL' }, () => {
  let database: ThrowawayDatabase;
  let relay: ReturnType<typeof tcpRelay>;
  let api: ApiServer;
  let baseUrl: string;
  let dataDir: string;

  before(async () => {
    database = await createThrowawayDatabase(serverUrl!);
    const target = new URL(database.url);
    relay = tcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
    await relay.up();
    const viaRelay = new URL(database.url);
    viaRelay.port = String(relay.port());
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-outage-'));
    api = await createApiServer({
      databaseUrl: viaRelay.toString(),
      dataDir,
      signAppId: TEST_SIGNER.appId,
      signSecret: TEST_SIGNER.secret,
      nodeEnv: 'test',
      logLevel: 'silent',
    });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await relay?.up().catch(() => undefined);
    await api?.close();
    await relay?.down();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (pathname: string) => {
    const response = await fetch(baseUrl + pathname);
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as { code: number; message: string; data: unknown },
    };
  };
  const signedGet = async () => {
    const request = signRequest(TEST_SIGNER, { method: 'GET', path: '/v1/category', timestamp: Date.now() });
    const response = await fetch(baseUrl + request.url, { headers: request.headers });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as { code: number; message: string; data: unknown },
    };
  };
  const eventually = async (check: () => Promise<boolean>, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!(await check())) {
      if (Date.now() > deadline) assert.fail(`${what} within 15 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  test('unreachable: 503 envelopes with Retry-After, /readyz failing, /healthz answering; back without a restart', async () => {
    assert.equal((await get('/healthz')).status, 200);
    assert.equal((await get('/readyz')).status, 200);
    assert.equal((await signedGet()).status, 200);

    await relay.down();
    for (let i = 0; i < 3; i += 1) {
      const answer = await signedGet();
      assert.equal(answer.status, 503, JSON.stringify(answer.body));
      assert.deepEqual(answer.body, { code: 503, message: MESSAGES.databaseUnavailable, data: null });
      assert.equal(answer.headers.get('retry-after'), String(DATABASE_RETRY_AFTER_S));
    }
    const ready = await get('/readyz');
    assert.equal(ready.status, 503);
    assert.equal(ready.body.code, 503);
    assert.equal(ready.headers.get('retry-after'), String(DATABASE_RETRY_AFTER_S));
    const health = await get('/healthz');
    assert.equal(health.status, 200);
    assert.equal(health.body.code, 200);

    await relay.up();
    await eventually(async () => (await get('/readyz')).status === 200, '/readyz recovers');
    await eventually(async () => (await signedGet()).status === 200, 'signed requests recover');
  });

  test('restarting (every connection terminated): never a 500, and served again right after', async () => {
    assert.equal((await signedGet()).status, 200);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(database.url).pathname.slice(1)],
      );
    } finally {
      await admin.end();
    }
    const answers = await Promise.all(Array.from({ length: 10 }, () => signedGet()));
    for (const answer of answers)
      assert.ok(answer.status === 200 || answer.status === 503, `${answer.status} ${JSON.stringify(answer.body)}`);
    await eventually(async () => (await signedGet()).status === 200, 'signed requests recover');
    assert.equal((await get('/readyz')).status, 200);
  });
});
