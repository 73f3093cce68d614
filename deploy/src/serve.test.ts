import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_UNSAFE_CONFIG } from '@yaoshi/api-server/start-errors';
import Fastify from 'fastify';
import { IMMUTABLE, REVALIDATE } from './cache-policy';
import { isPageRequest, registerSite } from './serve';

function fakeSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'yaoshi-www-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
  mkdirSync(join(root, 'static', 'js'), { recursive: true });
  writeFileSync(join(root, 'static', 'js', 'main.0123abcd.js'), 'console.log(1)');
  writeFileSync(join(root, 'remotes.json'), '{}');
  const version = join(root, 'remotes', 'orders', '0.1.0');
  mkdirSync(version, { recursive: true });
  writeFileSync(join(version, 'mf-manifest.json'), '{}');
  writeFileSync(join(version, 'remoteEntry.js'), 'var orders;');
  return root;
}

async function siteApp(root: string) {
  const app = Fastify();
  app.get('/v1/site', async () => ({ code: 200, message: 'ok', data: {} }));
  await registerSite(app, root);
  return app;
}

test('page paths get the shell, with no-cache, so the browser router owns them', async () => {
  const app = await siteApp(fakeSite());
  for (const url of ['/', '/myOrder', '/newsList?newsId=1&currentNavIdx=1']) {
    const response = await app.inject({ url });
    assert.equal(response.statusCode, 200, url);
    assert.match(response.body, /<title>shell<\/title>/);
    assert.equal(response.headers['cache-control'], REVALIDATE);
  }
});

test('files are served with the cache policy; pins and manifests revalidate', async () => {
  const app = await siteApp(fakeSite());
  const entry = await app.inject({ url: '/remotes/orders/0.1.0/remoteEntry.js' });
  assert.equal(entry.statusCode, 200);
  assert.equal(entry.headers['cache-control'], IMMUTABLE);
  assert.equal(
    (await app.inject({ url: '/remotes/orders/0.1.0/mf-manifest.json' })).headers['cache-control'],
    REVALIDATE,
  );
  assert.equal((await app.inject({ url: '/remotes.json' })).headers['cache-control'], REVALIDATE);
  assert.equal((await app.inject({ url: '/static/js/main.0123abcd.js' })).headers['cache-control'], IMMUTABLE);
});

test('a remote version copied in while the server runs is served at once', async () => {
  const root = fakeSite();
  const app = await siteApp(root);
  const next = join(root, 'remotes', 'orders', '0.2.0');
  mkdirSync(next, { recursive: true });
  writeFileSync(join(next, 'remoteEntry.js'), 'var orders2;');
  const response = await app.inject({ url: '/remotes/orders/0.2.0/remoteEntry.js' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.body, 'var orders2;');
});

test('missing files are 404, unknown API paths answer in the envelope', async () => {
  const app = await siteApp(fakeSite());
  assert.equal((await app.inject({ url: '/remotes/orders/9.9.9/remoteEntry.js' })).statusCode, 404);
  assert.equal((await app.inject({ url: '/static/js/missing.js' })).statusCode, 404);
  const api = await app.inject({ url: '/v1/nothing-here' });
  assert.equal(api.statusCode, 404);
  assert.equal(api.json<{ code: number }>().code, 404);
  assert.equal((await app.inject({ url: '/v1/site' })).json<{ code: number }>().code, 200);
});

test('only GET/HEAD page paths are pages', () => {
  assert.equal(isPageRequest('GET', '/myCourse'), true);
  assert.equal(isPageRequest('POST', '/myCourse'), false);
  assert.equal(isPageRequest('GET', '/v1/site'), false);
  assert.equal(isPageRequest('GET', '/media/logo.svg'), false);
  assert.equal(isPageRequest('GET', '/favicon.ico'), false);
});

test('a folder without a built shell is refused with a clear message', async () => {
  await assert.rejects(registerSite(Fastify(), mkdtempSync(join(tmpdir(), 'empty-'))), /npm run build/);
});

test('`npm start` (serve.ts) refuses an unsafe production start: one line per problem, exit 78, nothing opened', () => {
  const dir = mkdtempSync(join(tmpdir(), 'yaoshi-serve-'));
  const dataDir = join(dir, 'data');
  const serve = fileURLToPath(new URL('./serve.ts', import.meta.url));
  const result = spawnSync(process.execPath, ['--import', 'tsx', serve], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_DIR: fakeSite(),
      // Everything else left at the development defaults, and a short release token.
      RELEASE_TOKENS: 'ci:short-release-token',
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const lines = result.stderr.split('\n').filter((line) => line.startsWith('Refusing to start: '));
  assert.equal(result.status, EXIT_UNSAFE_CONFIG, result.stderr);
  for (const pattern of [
    /PUBLIC_BASE_URL is unset/,
    /API_SIGN_SECRET is the public development default/,
    /MEDIA_URL_SECRET is the public development default/,
    /RELEASE_TOKENS \(ci\) is shorter than 32 bytes/,
    /PAYMENT_PROVIDER is the sandbox/,
    /SMS_PROVIDER is the development outbox/,
  ])
    assert.ok(
      lines.some((line) => pattern.test(line)),
      `no line matches ${pattern}:\n${result.stderr}`,
    );
  assert.doesNotMatch(result.stdout, /ready at/);
  assert.equal(existsSync(dataDir), false, 'no database was opened');
});
