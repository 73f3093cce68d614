import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { MEDIA_MAX_AGE_SECONDS } from './media-routes';
import { safeRelativePath } from './media-files';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
before(async () => {
  server = await startTestServer({ seed: false });
});
after(() => server.close());

/** fetch() normalises `..` away; send the path as written. */
function rawGet(pathname: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http.get(`${server.baseUrl}${pathname}`, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    }).on('error', reject);
  });
}

test('only plain relative paths inside the folder are allowed', () => {
  assert.equal(safeRelativePath('slides/a.svg'), 'slides/a.svg');
  for (const bad of ['', '../package.json', 'slides/../../x.svg', '/etc/passwd', 'a//b.svg', '.env', 'slides/.hidden.svg', 'a\\..\\b.svg', 'a\0.svg']) {
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
