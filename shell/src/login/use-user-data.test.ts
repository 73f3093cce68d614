import { AVATAR_URL_REFRESH_MARGIN_MS, isAvatarUrlStale } from './use-user-data';

describe('cached face-photo URLs', () => {
  const now = Date.parse('2026-11-23T08:00:00Z');
  const urlExpiringIn = (ms: number) => `/media/faces/abc.jpg?expires=${(now + ms) / 1000}&signature=xyz`;

  test('a signed URL with hours left is kept; one about to expire, or expired, is fetched again', () => {
    expect(isAvatarUrlStale(urlExpiringIn(5 * 60 * 60 * 1000), now)).toBe(false);
    expect(isAvatarUrlStale(urlExpiringIn(AVATAR_URL_REFRESH_MARGIN_MS - 1000), now)).toBe(true);
    expect(isAvatarUrlStale(urlExpiringIn(-1000), now)).toBe(true);
  });

  test('public and empty avatars never go stale', () => {
    expect(isAvatarUrlStale('/media/demo-faces/zhang-xiaoming.svg', now)).toBe(false);
    expect(isAvatarUrlStale('', now)).toBe(false);
  });
});
