import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signRequest } from '@yaoshi/envelope/sign';
import { buildApp } from './app';
import { movableClock } from './clock';
import { configFromEnv } from './config';
import { openTestDatabase } from './db/test-database';
import { MESSAGES } from './messages';

test('the site served beside the API can have its own 404 without touching /v1', async () => {
  const database = await openTestDatabase();
  const config = { ...configFromEnv({}), signSecret: 'app-test-secret' };
  const app = buildApp({ db: database.db, clock: movableClock(Date.now()), config });
  try {
    // What deploy/ does: answer index.html for every page path so the browser router owns it.
    app.setNotFoundHandler((_request, reply) => reply.type('text/html').send('<!doctype html><title>site</title>'));
    const page = await app.inject('/newsList?newsId=1');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<title>site/);

    const request = signRequest({ appId: config.signAppId, secret: config.signSecret }, { method: 'GET', path: '/v1/missing' });
    const api = await app.inject({ url: request.url, headers: request.headers });
    assert.equal(api.statusCode, 404);
    assert.deepEqual(api.json(), { code: 404, message: MESSAGES.notFound, data: null });
  } finally {
    await app.close();
    await database.close();
  }
});
