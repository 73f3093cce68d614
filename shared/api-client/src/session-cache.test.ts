import { readCache, writeCache } from './session-cache';

const TTL = 8_640_000;
const t0 = 1_780_000_000_000;

beforeEach(() => sessionStorage.clear());

test('a value is served until its expiry, then forgotten', () => {
  writeCache(sessionStorage, 'nav', [{ id: 1 }], TTL, t0);
  expect(readCache(sessionStorage, 'nav', t0 + TTL - 1)).toEqual([{ id: 1 }]);
  expect(readCache(sessionStorage, 'nav', t0 + TTL)).toBeUndefined();
  expect(sessionStorage.getItem('nav')).toBeNull();
});

test('no expiry means the whole browser session', () => {
  writeCache(sessionStorage, 'site', { site_name: 'x' }, null, t0);
  expect(readCache(sessionStorage, 'site', t0 + 100 * TTL)).toEqual({ site_name: 'x' });
});

test('garbage in storage is a miss, not a crash', () => {
  sessionStorage.setItem('nav', '{not json');
  expect(readCache(sessionStorage, 'nav', t0)).toBeUndefined();
  sessionStorage.setItem('nav', '42');
  expect(readCache(sessionStorage, 'nav', t0)).toBeUndefined();
});
