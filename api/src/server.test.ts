import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_APP_ID, DEVELOPMENT_SIGN_SECRET } from '@yaoshi/envelope/envelope';
import { signRequest, type SignedRequestInput } from '@yaoshi/envelope/sign';
import { ConfigError } from './config';
import { DataDirLockedError, lockFilePath } from './db/pglite-lock';
import { createThrowawayDatabase } from './db/test-database';
import { createApiServer } from './server';
import { demoArticleIdeas } from './seed/article-templates';
import { databaseFingerprint } from './test-support/test-server';

const developmentSigner = { appId: DEFAULT_APP_ID, secret: DEVELOPMENT_SIGN_SECRET };
const quiet = { logLevel: 'silent' };

const tempDirs: string[] = [];
after(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-server-'));
  tempDirs.push(dir);
  return path.join(dir, 'data');
}

async function inject(
  app: FastifyInstance,
  input: SignedRequestInput,
): Promise<{ statusCode: number; body: { code: number; data: unknown } }> {
  const request = signRequest(developmentSigner, input);
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.body ? { payload: request.body } : {}),
  });
  return { statusCode: response.statusCode, body: response.json() };
}

async function articleTotal(app: FastifyInstance): Promise<number> {
  const { body } = await inject(app, { method: 'GET', path: '/v1/article', payload: { catid: 1 } });
  return (body.data as { total: number }).total;
}

test('production with the default signing secret refuses to start, before touching the database', async () => {
  const dataDir = tempDataDir();
  await assert.rejects(
    createApiServer({ nodeEnv: 'production', dataDir, databaseUrl: undefined, ...quiet }),
    ConfigError,
  );
  assert.equal(fs.existsSync(dataDir), false);
});

test('production (a declared staging site) seeds reference data only: no demo learners, orders or articles', async () => {
  const server = await createApiServer({
    ...quiet,
    dataDir: tempDataDir(),
    databaseUrl: undefined,
    nodeEnv: 'production',
    publicBaseUrl: 'https://staging.example.org',
    signSecret: 'sign-0123456789abcdefghijklmnopqrstuvwxyz',
    mediaUrlSecret: 'media-0123456789abcdefghijklmnopqrstuvwxyz',
    paymentSandboxKey: 'sandbox-0123456789abcdefghijklmnopqrstuvwxyz',
    stagingSandbox: true,
    // A fresh database: a single server may migrate itself (production refuses by default).
    migrateOnStart: true,
  });
  try {
    const tables = await databaseFingerprint(server.db);
    assert.equal(tables.categories, 9);
    assert.deepEqual(
      Object.entries(tables).filter(([table, n]) => table !== 'categories' && !table.startsWith('__') && n > 0),
      [],
    );
  } finally {
    await server.close();
  }
});

test('main: starts on PGlite, holds the folder against a second process, shuts down cleanly, restarts without re-seeding', async () => {
  const dataDir = tempDataDir();
  let firstStartTotal = 0;
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        const match = /Yaoshi API listening on (http:\/\/localhost:\d+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`main exited with ${code}: ${output}`)));
    });

    const request = signRequest(developmentSigner, { method: 'GET', path: '/v1/site' });
    const site = (await (
      await fetch(url.replace('localhost', '127.0.0.1') + request.url, { headers: request.headers })
    ).json()) as {
      code: number;
      data: { site_name: string };
    };
    assert.equal(site.code, 200);
    assert.equal(site.data.site_name, '江苏省药师协会');
    const articles = signRequest(developmentSigner, { method: 'GET', path: '/v1/article', payload: { catid: 1 } });
    firstStartTotal = (
      (await (
        await fetch(url.replace('localhost', '127.0.0.1') + articles.url, { headers: articles.headers })
      ).json()) as { data: { total: number } }
    ).data.total;
    assert.ok(firstStartTotal > 0);

    assert.ok(fs.existsSync(lockFilePath(dataDir)));
    await assert.rejects(createApiServer({ dataDir, databaseUrl: undefined, ...quiet }), DataDirLockedError);

    child.kill('SIGTERM');
    const [exitCode] = (await once(child, 'exit')) as [number | null];
    assert.equal(exitCode, 0);
    assert.equal(fs.existsSync(lockFilePath(dataDir)), false, 'the lock is released on SIGTERM');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }

  const server = await createApiServer({ dataDir, databaseUrl: undefined, ...quiet });
  try {
    assert.equal(await articleTotal(server.app), firstStartTotal, 'seeded once, not twice');
  } finally {
    await server.close();
  }
  assert.equal(fs.existsSync(lockFilePath(dataDir)), false);
});

const postgresUrl = process.env.DATABASE_URL?.trim();

test(
  'on PostgreSQL, two copies starting at once migrate and seed exactly once',
  { skip: !postgresUrl && 'DATABASE_URL is not set' },
  async () => {
    const database = await createThrowawayDatabase(postgresUrl ?? '');
    try {
      const servers = await Promise.all([1, 2].map(() => createApiServer({ databaseUrl: database.url, ...quiet })));
      try {
        const totals = await Promise.all(servers.map((server) => articleTotal(server.app)));
        // The seed's association news, counted once (a double seed would show twice as many).
        const seeded = demoArticleIdeas(new Date().getFullYear())[1]?.length ?? 0;
        assert.ok(seeded > 0);
        assert.deepEqual(totals, [seeded, seeded]);
        // A nonce used on one copy is refused by the other.
        const request = signRequest(developmentSigner, { method: 'GET', path: '/v1/site' });
        const [first, second] = servers.map((server) => server.app);
        assert.ok(first && second);
        assert.equal((await first.inject({ url: request.url, headers: request.headers })).statusCode, 200);
        assert.equal((await second.inject({ url: request.url, headers: request.headers })).statusCode, 403);
      } finally {
        await Promise.all(servers.map((server) => server.close()));
      }
    } finally {
      await database.drop();
    }
  },
);
