import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { z } from 'zod';
import { defineEndpoint, noPayload } from '@yaoshi/contracts/endpoint';
import { SIGN_HEADERS, MAX_CLOCK_SKEW_MS, encodeData, formEncode } from '@yaoshi/envelope/envelope';
import { computeSignature } from '@yaoshi/envelope/sign';
import { ROUTE_MODULES } from '../app';
import type { Authenticator } from '../auth/authenticator';
import { MESSAGES } from '../messages';
import {
  databaseFingerprint,
  startTestServer,
  TEST_SIGNER,
  type ApiResponse,
  type TestServer,
} from '../test-support/test-server';
import type { RouteModule } from '../app-deps';
import { MAX_BODY_BYTES } from './signed-routes';
import { NONCE_RETENTION_MS } from './nonce-store';

/**
 * The envelope over real HTTP: every way a request can be wrong is refused with a 4xx
 * envelope and a Chinese message, runs no handler and writes nothing (an authentic
 * request's nonce aside), and the server keeps serving afterwards.
 */

// Test-only routes: a POST with a body, and one that needs a token.
const echoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/test/echo',
  auth: false,
  request: z.strictObject({ text: z.string() }),
  response: z.object({ length: z.number() }),
});
const privateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/test/private',
  auth: true,
  request: noPayload,
  response: z.object({ learnerId: z.number() }),
});
let handlerCalls = 0;
const testRoutes: RouteModule = (api) => {
  api.add(echoEndpoint, async ({ payload }) => {
    handlerCalls += 1;
    return { length: payload.text.length };
  });
  api.add(privateEndpoint, async ({ principal }) => {
    handlerCalls += 1;
    assert.ok(principal);
    return { learnerId: principal.learnerId };
  });
};
const VALID_TOKEN = 'token-of-learner-7';
const testAuthenticator: Authenticator = {
  authenticate: async (token) => (token === VALID_TOKEN ? { learnerId: 7, sessionId: 1 } : null),
};

let server: TestServer;
let before_: Record<string, number>;

before(async () => {
  server = await startTestServer({ routeModules: [...ROUTE_MODULES, testRoutes], authenticator: testAuthenticator });
});
after(() => server.close());
beforeEach(async () => {
  handlerCalls = 0;
  before_ = await databaseFingerprint(server.db);
});

function assertEnvelope(response: ApiResponse, code: number, message: string): void {
  assert.equal(response.status, code, JSON.stringify(response.body));
  assert.deepEqual(response.body, { code, message, data: null });
}

/** Nothing but (for an authentic request) its one nonce was written, and no handler ran. */
async function assertNothingDone(noncesRecorded: number): Promise<void> {
  assert.equal(handlerCalls, 0, 'no handler may run');
  const after_ = await databaseFingerprint(server.db);
  assert.deepEqual(after_, { ...before_, request_nonces: (before_.request_nonces ?? 0) + noncesRecorded });
}

/** A GET signed over an arbitrary `data` text, which signRequest would never produce. */
function signedOver(
  path: string,
  dataText: string | null,
  query = dataText === null ? '' : `?${formEncode(dataText)}`,
) {
  const timestamp = String(server.clock.nowMs());
  const nonce = `n-${Math.random()}`;
  return server.send(`${path}${query}`, {
    headers: {
      [SIGN_HEADERS.appId]: TEST_SIGNER.appId,
      [SIGN_HEADERS.timestamp]: timestamp,
      [SIGN_HEADERS.nonce]: nonce,
      [SIGN_HEADERS.sign]: computeSignature(TEST_SIGNER.secret, TEST_SIGNER.appId, timestamp, nonce, dataText ?? ''),
    },
  });
}

describe('signature', () => {
  test('a signed request passes and is answered in the envelope', async () => {
    const response = await server.call({ method: 'POST', path: '/v1/test/echo', payload: { text: '你好' } });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { code: 200, message: MESSAGES.success, data: { length: 2 } });
    assert.equal(response.headers.get('cache-control'), 'no-store');
  });

  test('no signature headers at all', async () => {
    assertEnvelope(await server.send(`/v1/site?${formEncode(encodeData({}))}`), 403, MESSAGES.signatureMissing);
    await assertNothingDone(0);
  });

  test('data changed after signing', async () => {
    const request = server.sign({ method: 'GET', path: '/v1/article', payload: { postid: 1 } });
    const tampered = request.url.replace('postid%22%3A1', 'postid%22%3A2');
    assert.notEqual(tampered, request.url);
    assertEnvelope(await server.send(tampered, { headers: request.headers }), 403, MESSAGES.signatureInvalid);
    await assertNothingDone(0);
  });

  test('signed with the wrong secret', async () => {
    const response = await server.call({
      method: 'GET',
      path: '/v1/site',
      signer: { appId: TEST_SIGNER.appId, secret: 'guessed' },
    });
    assertEnvelope(response, 403, MESSAGES.signatureInvalid);
    await assertNothingDone(0);
  });

  test('unknown app id', async () => {
    const response = await server.call({
      method: 'GET',
      path: '/v1/site',
      signer: { appId: 'someone-else', secret: TEST_SIGNER.secret },
    });
    assertEnvelope(response, 403, MESSAGES.unknownApp);
    await assertNothingDone(0);
  });

  test('timestamps more than 5 minutes behind or ahead', async () => {
    const now = server.clock.nowMs();
    for (const timestamp of [now - MAX_CLOCK_SKEW_MS - 1000, now + MAX_CLOCK_SKEW_MS + 1000]) {
      assertEnvelope(await server.call({ method: 'GET', path: '/v1/site', timestamp }), 403, MESSAGES.requestExpired);
    }
    await assertNothingDone(0);
    // Just inside the window is fine: devices' clocks drift.
    const response = await server.call({ method: 'GET', path: '/v1/site', timestamp: now - MAX_CLOCK_SKEW_MS + 1000 });
    assert.equal(response.status, 200);
  });

  test('POST: the signature covers the form body', async () => {
    const request = server.sign({ method: 'POST', path: '/v1/test/echo', payload: { text: 'abc' } });
    const body = formEncode(encodeData({ text: 'abcd' }));
    assertEnvelope(
      await server.send(request.url, { method: 'POST', headers: request.headers, body }),
      403,
      MESSAGES.signatureInvalid,
    );
    await assertNothingDone(0);
  });
});

describe('replay', () => {
  test('the same signed request twice: the second is refused and changes nothing', async () => {
    const request = server.sign({ method: 'GET', path: '/v1/article', payload: { postid: 3 } });
    const first = await server.send(request.url, { headers: request.headers });
    assert.equal(first.status, 200);
    const hitsAfterFirst = (await databaseFingerprint(server.db))['articles.hits'];
    assertEnvelope(await server.send(request.url, { headers: request.headers }), 403, MESSAGES.requestReplayed);
    assert.equal(
      (await databaseFingerprint(server.db))['articles.hits'],
      hitsAfterFirst,
      'the replay must not count a view',
    );
  });

  test('expired nonces are deleted, and a replay after that is still refused by its timestamp', async () => {
    const request = server.sign({ method: 'GET', path: '/v1/site' });
    assert.equal((await server.send(request.url, { headers: request.headers })).status, 200);
    const nonces = (await databaseFingerprint(server.db)).request_nonces ?? 0;
    assert.ok(nonces >= 1);

    server.clock.advance(NONCE_RETENTION_MS + 60_000);
    assert.equal((await server.call({ method: 'GET', path: '/v1/site' })).status, 200);
    assert.equal((await databaseFingerprint(server.db)).request_nonces, 1, 'only the newest nonce is kept');

    assertEnvelope(await server.send(request.url, { headers: request.headers }), 403, MESSAGES.requestExpired);
  });
});

describe('payload', () => {
  test('missing data', async () => {
    assertEnvelope(await signedOver('/v1/site', null), 400, MESSAGES.payloadMalformed);
    await assertNothingDone(1);
  });

  test('data that is not JSON', async () => {
    assertEnvelope(await signedOver('/v1/site', '{"apptype":"web"'), 400, MESSAGES.payloadMalformed);
    await assertNothingDone(1);
  });

  test('data that is JSON but not an object', async () => {
    for (const text of ['[1,2]', '"site"', 'null', '42']) {
      assertEnvelope(await signedOver('/v1/site', text), 400, MESSAGES.payloadMalformed);
    }
    await assertNothingDone(4);
  });

  test('two data fields are ambiguous', async () => {
    const data = encodeData({});
    const response = await signedOver('/v1/site', data, `?${formEncode(data)}&${formEncode(data)}`);
    assert.equal(response.status, 403);
    await assertNothingDone(0);
  });

  test('unknown fields', async () => {
    assertEnvelope(
      await server.call({ method: 'GET', path: '/v1/site', payload: { admin: true } }),
      400,
      MESSAGES.payloadInvalid('admin'),
    );
    assertEnvelope(
      await server.call({ method: 'GET', path: '/v1/article', payload: { postid: 2, extra: 1 } }),
      400,
      MESSAGES.payloadInvalid('extra'),
    );
    await assertNothingDone(2);
  });

  test('wrong types and out-of-range values name the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ catid: 'abc' }, 'catid'],
      [{ postid: 1.5 }, 'postid'],
      [{ postid: true }, 'postid'],
      [{ postid: [5] }, 'postid'],
      [{ postid: ' 7 ' }, 'postid'],
      [{ postid: null }, 'postid'],
      [{ postid: -3 }, 'postid'],
      [{ catid: 1, limit: 1000 }, 'limit'],
      [{ catid: 1, page: 0 }, 'page'],
      [{ catid: 1, keyword: 5 }, 'keyword'],
      [{ catid: 1, keyword: '药'.repeat(51) }, 'keyword'],
    ];
    for (const [payload, field] of cases) {
      const response = await server.call({ method: 'GET', path: '/v1/article', payload });
      assertEnvelope(response, 400, MESSAGES.payloadInvalid(field));
    }
    const echo = await server.call({ method: 'POST', path: '/v1/test/echo', payload: { text: 12 } });
    assertEnvelope(echo, 400, MESSAGES.payloadInvalid('text'));
    await assertNothingDone(cases.length + 1);
  });
});

describe('transport', () => {
  test('a body over 4 MiB is refused with 413 and the server keeps serving', async () => {
    const request = server.sign({
      method: 'POST',
      path: '/v1/test/echo',
      payload: { text: 'x'.repeat(MAX_BODY_BYTES) },
    });
    assertEnvelope(
      await server.send(request.url, { method: 'POST', headers: request.headers, body: request.body ?? null }),
      413,
      MESSAGES.payloadTooLarge,
    );
    await assertNothingDone(0);
    assert.equal((await server.call({ method: 'GET', path: '/v1/site' })).status, 200);
  });

  test('a body of a few MB (a face photo in base64) fits', async () => {
    const text = 'A'.repeat(3 * 1024 * 1024);
    const response = await server.call({ method: 'POST', path: '/v1/test/echo', payload: { text } });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { code: 200, message: MESSAGES.success, data: { length: text.length } });
  });

  test('the form content type with a charset, as browsers send it, is accepted', async () => {
    for (const type of [
      'application/x-www-form-urlencoded;charset=utf-8',
      'Application/X-WWW-Form-Urlencoded; charset=UTF-8',
    ]) {
      const request = server.sign({ method: 'POST', path: '/v1/test/echo', payload: { text: '药' } });
      const response = await server.send(request.url, {
        method: 'POST',
        headers: { ...request.headers, 'content-type': type },
        body: request.body ?? null,
      });
      assert.equal(response.status, 200, type);
    }
  });

  test('content types other than the form are refused with 415', async () => {
    const request = server.sign({ method: 'POST', path: '/v1/test/echo', payload: { text: 'a' } });
    for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await server.send(request.url, {
        method: 'POST',
        headers: { ...request.headers, 'content-type': type },
        body: request.body ?? null,
      });
      assertEnvelope(response, 415, MESSAGES.unsupportedContentType);
    }
    await assertNothingDone(0);
  });

  test('a POST whose body never arrived fails its signature, one signed over nothing is malformed', async () => {
    const request = server.sign({ method: 'POST', path: '/v1/test/echo', payload: { text: 'a' } });
    const { 'content-type': _dropped, ...headers } = request.headers;
    assertEnvelope(await server.send(request.url, { method: 'POST', headers }), 403, MESSAGES.signatureInvalid);
    await assertNothingDone(0);

    const timestamp = String(server.clock.nowMs());
    const signedOverNothing = {
      ...headers,
      [SIGN_HEADERS.timestamp]: timestamp,
      [SIGN_HEADERS.sign]: computeSignature(
        TEST_SIGNER.secret,
        TEST_SIGNER.appId,
        timestamp,
        headers[SIGN_HEADERS.nonce] ?? '',
        '',
      ),
    };
    assertEnvelope(
      await server.send(request.url, { method: 'POST', headers: signedOverNothing }),
      400,
      MESSAGES.payloadMalformed,
    );
    await assertNothingDone(1);
  });

  test('an oversized body sent in chunks, without a length, is refused too', async () => {
    const request = server.sign({ method: 'POST', path: '/v1/test/echo', payload: { text: 'a' } });
    const status = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const outgoing = http.request(
        `${server.baseUrl}${request.url}`,
        { method: 'POST', headers: { ...request.headers, 'transfer-encoding': 'chunked' } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode, body }));
        },
      );
      // The server may answer and close before we finish writing; that is the point.
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
      );
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      for (let i = 0; i < 5; i += 1) outgoing.write(chunk);
      outgoing.end();
    });
    assert.equal(status.status, 413);
    assert.deepEqual(JSON.parse(status.body), { code: 413, message: MESSAGES.payloadTooLarge, data: null });
    await assertNothingDone(0);
    assert.equal((await server.call({ method: 'GET', path: '/v1/site' })).status, 200);
  });

  test('unknown /v1 routes and wrong methods answer 404 in the envelope', async () => {
    assertEnvelope(await server.call({ method: 'GET', path: '/v1/no-such-thing' }), 404, MESSAGES.notFound);
    assertEnvelope(await server.call({ method: 'POST', path: '/v1/site' }), 404, MESSAGES.notFound);
    await assertNothingDone(0);
  });

  test('a malformed URL is a 400 envelope', async () => {
    assertEnvelope(await server.send('/v1/%E0%A4%A'), 400, MESSAGES.badRequest);
  });
});

describe('authentication hook', () => {
  test('a contract with auth: true refuses calls without a valid bearer token', async () => {
    assertEnvelope(await server.call({ method: 'GET', path: '/v1/test/private' }), 401, MESSAGES.loginRequired);
    assertEnvelope(
      await server.call({ method: 'GET', path: '/v1/test/private', token: 'forged' }),
      401,
      MESSAGES.loginRequired,
    );
    await assertNothingDone(2);
    const response = await server.call({ method: 'GET', path: '/v1/test/private', token: VALID_TOKEN });
    assert.deepEqual(response.body, { code: 200, message: MESSAGES.success, data: { learnerId: 7 } });
  });
});
