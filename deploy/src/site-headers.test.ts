import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@yaoshi/api-server/app';
import { systemClock } from '@yaoshi/api-server/clock';
import { configFromEnv } from '@yaoshi/api-server/config';
import { openTestDatabase } from '@yaoshi/api-server/db/test-database';
import { registerSite } from './serve';

/** The site's HTML as the production server answers it: the API's security headers apply to the static files too. */
test('index.html and every page path carry the CSP, nosniff, the referrer policy and X-Request-Id', async () => {
  const root = mkdtempSync(join(tmpdir(), 'yaoshi-www-'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><title>shell</title><script src="/early-pins.js" async></script>',
  );
  writeFileSync(join(root, 'early-pins.js'), 'window.__yaoshiPins = null;');
  const database = await openTestDatabase();
  const app = buildApp({
    db: database.db,
    clock: systemClock,
    config: { ...configFromEnv({}), publicBaseUrl: 'https://www.example.org' },
  });
  try {
    await registerSite(app, root);
    for (const url of ['/', '/myCourse', '/index.html', '/early-pins.js']) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      const csp = String(response.headers['content-security-policy']);
      assert.match(csp, /script-src 'self';/, url);
      assert.match(csp, /frame-ancestors 'none'/, url);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
      assert.equal(response.headers['strict-transport-security'], 'max-age=31536000', url);
      assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/, url);
    }
  } finally {
    await app.close();
    await database.close();
  }
});
