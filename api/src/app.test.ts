import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
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

    const request = signRequest(
      { appId: config.signAppId, secret: config.signSecret },
      { method: 'GET', path: '/v1/missing' },
    );
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
    const app = buildApp({
      db: database.db,
      clock: movableClock(Date.now()),
      config: { ...configFromEnv({}), trustProxy },
    });
    app.get('/ip', async (request) => request.ip);
    try {
      const response = await app.inject({
        url: '/ip',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
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

test('shutting down: a request arriving on an open connection is still served, with Connection: close (a rolling restart loses no request)', async () => {
  const database = await openTestDatabase();
  const config = { ...configFromEnv({}), signSecret: 'app-test-secret' };
  const app = buildApp({ db: database.db, clock: movableClock(Date.now()), config });
  const signal = () => {
    let resolve = () => {};
    const promise = new Promise<void>((settle) => (resolve = settle));
    return { promise, resolve };
  };
  const slowEntered = signal();
  const slowReleased = signal();
  const shutdownBegun = signal();
  const secondArrived = signal();
  app.get('/slow', async () => {
    slowEntered.resolve();
    await slowReleased.promise;
    return 'done';
  });
  app.addHook('preClose', (done) => {
    shutdownBegun.resolve();
    done();
  });
  let routed = 0;
  app.addHook('preHandler', async () => {
    routed += 1;
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    app.server.on('request', (request: { url?: string }) => {
      if (request.url !== '/slow') secondArrived.resolve();
    });
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // A request in flight keeps the connection open when the shutdown begins.
    socket.write('GET /slow HTTP/1.1\r\nHost: t\r\n\r\n');
    await slowEntered.promise;
    const closed = app.close();
    await shutdownBegun.promise;
    const request = signRequest(
      { appId: config.signAppId, secret: config.signSecret },
      { method: 'GET', path: '/v1/site' },
    );
    const headers = Object.entries(request.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`GET ${request.url} HTTP/1.1\r\nHost: t\r\n${headers}\r\n`);
    await secondArrived.promise;
    slowReleased.resolve();
    await ended;
    await closed;

    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    assert.match(first ?? '', /^HTTP\/1\.1 200/);
    // The route ran and read the (empty) database, which is still open: nothing is seeded here.
    assert.match(second ?? '', /^HTTP\/1\.1 404/);
    assert.match(second ?? '', /connection: close/i);
    assert.deepEqual(JSON.parse((second ?? '').slice((second ?? '').indexOf('\r\n\r\n') + 4)), {
      code: 404,
      message: MESSAGES.siteNotConfigured,
      data: null,
    });
    assert.equal(routed, 2, 'the request that came during the shutdown reached its route too');
  } finally {
    await app.close();
    await database.close();
  }
});
