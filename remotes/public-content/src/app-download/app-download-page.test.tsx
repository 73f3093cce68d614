import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { renderPage } from '../testing/render-page';
import AppDownloadPage from './app-download-page';
import { OPEN_IN_BROWSER_TIP, isWeChatTypeBrowser } from './in-app-browser';

const WECHAT_ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; V2172A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230405 MMWEBID/1234 MicroMessenger/8.0.35.2360(0x28002337) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const CHROME_UA =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

test('WeChat and QQ in-app browsers are recognised, ordinary browsers are not', () => {
  expect(isWeChatTypeBrowser(WECHAT_ANDROID_UA)).toBe(true);
  expect(isWeChatTypeBrowser('Mozilla/5.0 (Linux; Android 12) Mobile QQ/8.9.28.10155 V1_AND_SQ')).toBe(true);
  expect(isWeChatTypeBrowser(CHROME_UA)).toBe(false);
});

beforeEach(() => sessionStorage.clear());

function serveSite(android: string) {
  stubApi({
    '/v1/site': () =>
      ok({ site_name: '江苏省药师协会', site_ios_url: 'https://apps.example/ios', site_android_url: android }),
  });
}

test('the buttons link to the addresses in the site settings', async () => {
  serveSite('https://apps.example/android');
  renderPage(<AppDownloadPage />);
  expect(await screen.findByRole('link', { name: 'iOS 版下载' })).toHaveAttribute('href', 'https://apps.example/ios');
  expect(screen.getByRole('link', { name: '安卓版下载' })).toHaveAttribute('href', 'https://apps.example/android');
});

test('inside WeChat the Android button shows the open-in-browser tip instead of downloading', async () => {
  const userAgent = jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_ANDROID_UA);
  serveSite('https://apps.example/android');
  renderPage(<AppDownloadPage />);
  await userEvent.click(await screen.findByRole('link', { name: '安卓版下载' }));
  expect(screen.getByRole('alert')).toHaveTextContent(OPEN_IN_BROWSER_TIP);
  userAgent.mockRestore();
});

test('an unpublished app says so instead of linking nowhere', async () => {
  serveSite('');
  renderPage(<AppDownloadPage />);
  expect(await screen.findByText('安卓版暂未上架')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: '安卓版下载' })).not.toBeInTheDocument();
});
