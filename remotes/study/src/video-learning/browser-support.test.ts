import { browserSupportOf } from './browser-support';

const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

test('desktop Chrome (and Chromium) plays lessons', () => {
  expect(browserSupportOf(DESKTOP_CHROME)).toBe('desktop-chrome');
  expect(browserSupportOf(HEADLESS)).toBe('desktop-chrome');
});

test('phones and tablets are sent to the app or a PC', () => {
  expect(
    browserSupportOf(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    ),
  ).toBe('mobile');
  expect(
    browserSupportOf(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    ),
  ).toBe('mobile');
});

test('other desktop browsers are sent to Chrome', () => {
  expect(browserSupportOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe(
    'other',
  );
  expect(browserSupportOf(`${DESKTOP_CHROME} Edg/131.0.0.0`)).toBe('other');
  expect(
    browserSupportOf(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    ),
  ).toBe('other');
});
