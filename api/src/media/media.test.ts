import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { MEDIA_MAX_AGE_SECONDS } from './media-routes';
import { safeRelativePath } from './media-files';
import { byteRangeOf, ifRangeAllows } from './byte-range';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
before(async () => {
  server = await startTestServer({ seed: false });
});
after(() => server.close());

/** fetch() normalises `..` away; send the path as written. */
function rawGet(pathname: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.baseUrl}${pathname}`, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      })
      .on('error', reject);
  });
}

test('only plain relative paths inside the folder are allowed', () => {
  assert.equal(safeRelativePath('slides/a.svg'), 'slides/a.svg');
  for (const bad of [
    '',
    '../package.json',
    'slides/../../x.svg',
    '/etc/passwd',
    'a//b.svg',
    '.env',
    'slides/.hidden.svg',
    'a\\..\\b.svg',
    'a\0.svg',
  ]) {
    assert.equal(safeRelativePath(bad), null, bad);
  }
});

test('a media file is served with its type, caching and a revalidation tag', async () => {
  const response = await server.send('/media/site/wechat-qrcode.svg');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/svg+xml');
  assert.equal(response.headers.get('cache-control'), `public, max-age=${MEDIA_MAX_AGE_SECONDS}`);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.match(String(response.body), /^<svg /);
  const etag = response.headers.get('etag');
  assert.ok(etag);
  const again = await server.send('/media/site/wechat-qrcode.svg', { headers: { 'if-none-match': etag } });
  assert.equal(again.status, 304);
});

test('HEAD answers without a body', async () => {
  const response = await fetch(`${server.baseUrl}/media/slides/pharmacy-service.svg`, { method: 'HEAD' });
  assert.equal(response.status, 200);
  assert.ok(Number(response.headers.get('content-length')) > 0);
  assert.equal(await response.text(), '');
});

test('missing files, unknown types and escapes from the folder are 404', async () => {
  for (const pathname of [
    '/media/site/none.svg',
    '/media/../package.json',
    '/media/..%2f..%2fpackage.json',
    '/media/%2e%2e/%2e%2e/api/package.json',
    '/media/site',
    '/media/site/wechat-qrcode.svg.bak',
  ]) {
    assert.equal(await rawGet(pathname), 404, pathname);
  }
});

describe('range requests (video players start and seek with them)', () => {
  const VIDEO = '/media/videos/lesson-30s.webm';
  let whole: Buffer;
  before(async () => {
    const response = await fetch(`${server.baseUrl}${VIDEO}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'video/webm');
    assert.equal(response.headers.get('accept-ranges'), 'bytes');
    whole = Buffer.from(await response.arrayBuffer());
    assert.equal(Number(response.headers.get('content-length')), whole.length);
  });

  const get = (headers: Record<string, string>) => fetch(`${server.baseUrl}${VIDEO}`, { headers });

  test('a range answers 206 with exactly those bytes and Content-Range', async () => {
    const response = await get({ range: 'bytes=100-199' });
    assert.equal(response.status, 206);
    assert.equal(response.headers.get('content-range'), `bytes 100-199/${whole.length}`);
    assert.equal(response.headers.get('content-length'), '100');
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), whole.subarray(100, 200));
  });

  test('open-ended and suffix ranges, and an end past the file is clipped', async () => {
    const open = await get({ range: `bytes=${whole.length - 10}-` });
    assert.equal(open.status, 206);
    assert.deepEqual(Buffer.from(await open.arrayBuffer()), whole.subarray(whole.length - 10));
    const suffix = await get({ range: 'bytes=-5' });
    assert.equal(suffix.headers.get('content-range'), `bytes ${whole.length - 5}-${whole.length - 1}/${whole.length}`);
    assert.deepEqual(Buffer.from(await suffix.arrayBuffer()), whole.subarray(whole.length - 5));
    const clipped = await get({ range: `bytes=0-${whole.length + 1000}` });
    assert.equal(clipped.status, 206);
    assert.equal((await clipped.arrayBuffer()).byteLength, whole.length);
  });

  test('a range past the end is 416 with the size', async () => {
    const response = await get({ range: `bytes=${whole.length}-` });
    assert.equal(response.status, 416);
    assert.equal(response.headers.get('content-range'), `bytes */${whole.length}`);
    assert.equal(((await response.json()) as { code: number }).code, 416);
  });

  test('malformed or multiple ranges are ignored: the whole file', async () => {
    for (const range of ['bytes=abc', 'items=0-1', 'bytes=5-2', 'bytes=0-1,5-6']) {
      const response = await get({ range });
      assert.equal(response.status, 200, range);
      assert.equal((await response.arrayBuffer()).byteLength, whole.length, range);
    }
  });

  test('If-Range: the range only while the tag or date still matches', async () => {
    const head = await fetch(`${server.baseUrl}${VIDEO}`, { method: 'HEAD' });
    const etag = head.headers.get('etag')!;
    const lastModified = head.headers.get('last-modified')!;
    assert.equal((await get({ range: 'bytes=0-9', 'if-range': etag })).status, 206);
    assert.equal((await get({ range: 'bytes=0-9', 'if-range': lastModified })).status, 206);
    assert.equal((await get({ range: 'bytes=0-9', 'if-range': '"stale"' })).status, 200);
    assert.equal((await get({ range: 'bytes=0-9', 'if-range': 'Mon, 01 Jan 2001 00:00:00 GMT' })).status, 200);
  });

  test('pure parsing', () => {
    assert.deepEqual(byteRangeOf(undefined, 10), { kind: 'whole' });
    assert.deepEqual(byteRangeOf('bytes=0-0', 10), { kind: 'partial', start: 0, end: 0 });
    assert.deepEqual(byteRangeOf('bytes=-0', 10), { kind: 'unsatisfiable' });
    assert.deepEqual(byteRangeOf('bytes=-20', 10), { kind: 'partial', start: 0, end: 9 });
    assert.deepEqual(byteRangeOf('bytes=0-', 0), { kind: 'unsatisfiable' });
    assert.equal(ifRangeAllows('W/"a"', 'W/"a"', new Date()), false);
  });
});
