import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ICON, IMMUTABLE, REVALIDATE, cacheControlFor } from './cache-policy';

test('pins, manifests and HTML are revalidated on every load', () => {
  assert.equal(cacheControlFor('/remotes.json'), REVALIDATE);
  assert.equal(cacheControlFor('/remotes/orders/0.1.0/mf-manifest.json'), REVALIDATE);
  assert.equal(cacheControlFor('/index.html'), REVALIDATE);
  assert.equal(cacheControlFor('/'), REVALIDATE);
});

test('files inside a versioned remote folder and hashed shell chunks are immutable', () => {
  assert.equal(cacheControlFor('/remotes/orders/0.1.0/remoteEntry.js'), IMMUTABLE);
  assert.equal(cacheControlFor('/remotes/public-content/1.2.3-rc.1/static/js/async/12.js'), IMMUTABLE);
  assert.equal(cacheControlFor('/static/js/main.3f9a1c2b.js'), IMMUTABLE);
});

test('a remote key with digits (the registry allows them) gets the same immutable caching', () => {
  assert.equal(cacheControlFor('/remotes/orders2/0.1.0/remoteEntry.js'), IMMUTABLE);
  assert.equal(cacheControlFor('/remotes/h5-v2/1.0.0/static/js/async/3.js'), IMMUTABLE);
  assert.equal(cacheControlFor('/remotes/orders2/0.1.0/mf-manifest.json'), REVALIDATE);
});

test('unversioned or unhashed files are revalidated', () => {
  assert.equal(cacheControlFor('/remotes/orders/latest/remoteEntry.js'), REVALIDATE);
  assert.equal(cacheControlFor('/static/js/main.js'), REVALIDATE);
});

test('the site icons at their fixed addresses are cached for a day, then revalidated', () => {
  for (const path of [
    '/favicon.ico',
    '/favicon.svg',
    '/apple-touch-icon.png',
    '/icon-192.png',
    '/icon-512.png',
    '/site.webmanifest',
  ]) {
    assert.equal(cacheControlFor(path), ICON, path);
  }
  assert.equal(cacheControlFor('/media/favicon.ico'), REVALIDATE);
});
