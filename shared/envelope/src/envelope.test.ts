import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLIENT_IDENTITY, DATA_FIELD, encodeData } from './envelope';
import { type computeSignature, signRequest } from './sign';
import { signatureBytes, verifySignature } from './verify';

const config = { appId: 'yaoshi-web', secret: 's3cret' };
const secrets = new Map([[config.appId, config.secret]]);
const now = 1_780_000_000_000;

function dataOf(url: string, body: string | undefined): string {
  const query = body ?? url.slice(url.indexOf('?') + 1);
  const data = new URLSearchParams(query).get(DATA_FIELD);
  assert.ok(data !== null);
  return data;
}

test('payload is merged with apptype/appversion and sent as one data field', () => {
  const get = signRequest(config, {
    method: 'GET',
    path: '/v1/article',
    payload: { catid: 1, limit: 6 },
    timestamp: now,
  });
  assert.equal(get.body, undefined);
  assert.deepEqual(JSON.parse(dataOf(get.url, undefined)), { catid: 1, limit: 6, ...CLIENT_IDENTITY });
  const post = signRequest(config, { method: 'POST', path: '/v1/login', payload: { type: '1' }, timestamp: now });
  assert.equal(post.url, '/v1/login');
  assert.equal(post.headers['content-type'], 'application/x-www-form-urlencoded');
  assert.deepEqual(JSON.parse(dataOf(post.url, post.body)), { type: '1', ...CLIENT_IDENTITY });
});

test('the client cannot override its identity fields', () => {
  assert.deepEqual(JSON.parse(encodeData({ apptype: 'ios' })), { ...CLIENT_IDENTITY });
});

test('bearer token only when given', () => {
  assert.equal(signRequest(config, { method: 'GET', path: '/v1/site' }).headers.authorization, undefined);
  assert.equal(
    signRequest(config, { method: 'GET', path: '/v1/site', token: 'abc' }).headers.authorization,
    'Bearer abc',
  );
});

test('the browser signature verifies with node:crypto, Chinese text included', () => {
  const req = signRequest(config, {
    method: 'POST',
    path: '/v1/refund',
    payload: { reason: '课程重复购买，申请退款' },
    timestamp: now,
  });
  const result = verifySignature(req.headers, dataOf(req.url, req.body), { secrets, now });
  assert.equal(result.ok, true);
});

test('tampered data, wrong secret, unknown app, stale time and missing headers are refused', () => {
  const req = signRequest(config, { method: 'GET', path: '/v1/article', payload: { postid: 1 }, timestamp: now });
  const data = dataOf(req.url, undefined);
  const tampered = data.replace('"postid":1', '"postid":2');
  assert.deepEqual(verifySignature(req.headers, tampered, { secrets, now }), { ok: false, reason: 'bad-signature' });
  assert.deepEqual(verifySignature(req.headers, data, { secrets: new Map([[config.appId, 'other']]), now }), {
    ok: false,
    reason: 'bad-signature',
  });
  assert.deepEqual(verifySignature({ ...req.headers, 'x-app-id': 'someone' }, data, { secrets, now }), {
    ok: false,
    reason: 'unknown-app',
  });
  assert.deepEqual(verifySignature(req.headers, data, { secrets, now: now + 5 * 60 * 1000 + 1 }), {
    ok: false,
    reason: 'stale-timestamp',
  });
  assert.equal(verifySignature(req.headers, data, { secrets, now: now - 5 * 60 * 1000 }).ok, true);
  const { 'x-nonce': _dropped, ...withoutNonce } = req.headers;
  assert.deepEqual(verifySignature(withoutNonce, data, { secrets, now }), { ok: false, reason: 'missing-headers' });
  assert.deepEqual(verifySignature({ ...req.headers, 'x-sign': 'not base64 at all' }, data, { secrets, now }), {
    ok: false,
    reason: 'bad-signature',
  });
});

test('each request gets a fresh nonce', () => {
  const a = signRequest(config, { method: 'GET', path: '/v1/site' });
  const b = signRequest(config, { method: 'GET', path: '/v1/site' });
  assert.notEqual(a.headers['x-nonce'], b.headers['x-nonce']);
});

test('a node:crypto signer passed to signRequest signs exactly as the browser signer does', () => {
  const input = {
    method: 'POST' as const,
    path: '/v1/records',
    payload: { pos: 12, note: '学习' },
    timestamp: now,
    nonce: 'n-1',
  };
  const nodeSign = (...parts: Parameters<typeof computeSignature>) => signatureBytes(...parts).toString('base64');
  const viaNode = signRequest(config, input, nodeSign);
  assert.deepEqual(viaNode, signRequest(config, input));
  assert.equal(verifySignature(viaNode.headers, dataOf(viaNode.url, viaNode.body), { secrets, now }).ok, true);
});
