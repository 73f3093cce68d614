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

test('TRUST_PROXY: the client address comes from X-Forwarded-For only when the proxy is trusted', async () => {
  const database = await openTestDatabase();
  const ipSeenBy = async (trustProxy: boolean | string[]) => {
    const app = buildApp({ db: database.db, clock: movableClock(Date.now()), config: { ...configFromEnv({}), trustProxy } });
    app.get('/ip', async (request) => request.ip);
    try {
      const response = await app.inject({ url: '/ip', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '203.0.113.7' } });
      return response.body;
    } finally {
      await app.close();
    }
  };
  try {
    assert.equal(await ipSeenBy(false), '10.0.0.5', 'untrusted: a client cannot pick its own address');
    assert.equal(await ipSeenBy(['10.0.0.0/8']), '203.0.113.7');
    assert.equal(await ipSeenBy(['192.168.0.1']), '10.0.0.5', 'a proxy not in the list is not believed');
  } finally {
    await database.close();
  }
});
