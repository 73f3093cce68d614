import { test } from 'node:test';
import assert from 'node:assert/strict';
import { movableClock } from '../clock';
import { PRIVATE_MEDIA_URL_LIFETIME_MS, isPrivateMediaPath, mediaUrls } from './private-media';

const start = Date.parse('2026-11-23T08:20:00Z');

function partsOf(url: string) {
  const parsed = new URL(url, 'http://site');
  return {
    path: parsed.pathname.replace(/^\/media\//, ''),
    expires: parsed.searchParams.get('expires'),
    signature: parsed.searchParams.get('signature'),
  };
}

test('public media keeps its plain URL; none is empty', () => {
  const urls = mediaUrls('secret', movableClock(start));
  assert.equal(urls.urlOf(null), '');
  assert.equal(urls.urlOf('slides/a.svg'), '/media/slides/a.svg');
  assert.equal(urls.urlOf('demo-faces/zhang.svg'), '/media/demo-faces/zhang.svg');
  assert.equal(isPrivateMediaPath('faces/a.jpg'), true);
  assert.equal(isPrivateMediaPath('facesx/a.jpg'), false);
});

test('a face photo URL is signed, stable within the hour, valid for at least six hours and no longer than seven', () => {
  const clock = movableClock(start);
  const urls = mediaUrls('secret', clock);
  const url = urls.urlOf('faces/abc.jpg');
  assert.match(url, /^\/media\/faces\/abc\.jpg\?expires=\d+&signature=[\w-]+$/);
  clock.advance(10 * 60_000);
  assert.equal(urls.urlOf('faces/abc.jpg'), url, 'same URL ten minutes later, so the browser cache works');

  const { path, expires, signature } = partsOf(url);
  assert.deepEqual(urls.verify(path, expires, signature).ok, true);
  clock.set(start + PRIVATE_MEDIA_URL_LIFETIME_MS - 1);
  assert.equal(urls.verify(path, expires, signature).ok, true);
  clock.set(start + PRIVATE_MEDIA_URL_LIFETIME_MS + 60 * 60_000);
  assert.equal(urls.verify(path, expires, signature).ok, false, 'expired');
});

test('a signature is bound to its path, its expiry and the secret', () => {
  const clock = movableClock(start);
  const { path, expires, signature } = partsOf(mediaUrls('secret', clock).urlOf('faces/abc.jpg'));
  const urls = mediaUrls('secret', clock);
  assert.equal(urls.verify('faces/other.jpg', expires, signature).ok, false);
  assert.equal(urls.verify(path, String(Number(expires) + 3600), signature).ok, false);
  assert.equal(mediaUrls('another-secret', clock).verify(path, expires, signature).ok, false);
  assert.equal(urls.verify(path, undefined, signature).ok, false);
  assert.equal(urls.verify(path, expires, undefined).ok, false);
  assert.equal(urls.verify(path, ['1', '2'], signature).ok, false);
  assert.equal(urls.verify(path, '1e12', signature).ok, false);
});
