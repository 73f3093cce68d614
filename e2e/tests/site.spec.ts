import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ArticleList, Category, SiteSettings } from '@yaoshi/contracts/content';
import { apiGet } from './support/api';
import { LEARNERS, loginWithToken } from './support/accounts';
import { skipTextAdvertisement } from './support/site';

test.beforeEach(({ page }) => skipTextAdvertisement(page));

const HIDDEN_CATEGORY_ID = 6;

/** Every script the page downloaded, with its text, to count copies of shared libraries. */
function collectScripts(page: Page): { url: string; body: Promise<string> }[] {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push({ url: response.url(), body: response.text().catch(() => '') });
    }
  });
  return scripts;
}

test('the home page shows the association and its news from the server', async ({ page }) => {
  const site = await apiGet<SiteSettings>('/v1/site');
  const news = await apiGet<ArticleList>('/v1/article', { catid: 1, limit: 6, page: 1 });
  await page.goto('/');
  await expect(page).toHaveTitle(site.site_name);
  const firstTitle = news.data[0]?.title;
  expect(firstTitle).toBeTruthy();
  await expect(page.getByText(firstTitle!, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(site.site_address).first()).toBeVisible();
});

test('the navigation lists the server categories without id 6', async ({ page }) => {
  const categories = await apiGet<Category[]>('/v1/category');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: '主导航' });
  await expect(nav.getByRole('link', { name: '首页' })).toBeVisible();
  for (const category of categories) {
    const link = nav.getByRole('link', { name: category.name, exact: true });
    if (category.id === HIDDEN_CATEGORY_ID) await expect(link).toHaveCount(0);
    else await expect(link).toBeVisible();
  }
});

test('a page from every remote renders, and react-dom and antd are fetched once', async ({ page }) => {
  // The student-area pages are behind the login guard; 王芳's password is never changed by other tests.
  await loginWithToken(page, LEARNERS.wang);
  const scripts = collectScripts(page);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  // Each page shows its own content, which proves the owning remote rendered it.
  const pages: [string, (main: Locator) => Locator][] = [
    ['/signStudy', (main) => main.getByRole('tab', { name: '网络授课' })],
    ['/myOrder', (main) => main.getByRole('columnheader', { name: '下单时间' })],
    ['/examList', (main) => main.getByRole('button', { name: /开始练习/ })],
  ];
  for (const [path, shown] of pages) {
    // Client-side navigation: the shell stays, each remote is loaded into it.
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(shown(page.getByRole('main'))).toBeVisible();
  }
  // One antd context: the shell's theme (the site's blue) reaches the study remote's antd
  // button; a second antd copy in the remote would draw it in antd's own blue.
  await expect(page.getByRole('main').getByRole('button', { name: /开始练习/ })).toHaveCSS(
    'background-color',
    'rgb(31, 95, 168)',
  );
  const bodies = await Promise.all(scripts.map(async (s) => ({ url: s.url, body: await s.body })));
  // Markers found only in react-dom's and antd's own code.
  const reactDomCopies = bodies.filter((s) => s.body.includes('__reactContainer$'));
  expect(reactDomCopies.map((s) => s.url)).toHaveLength(1);
  // antd is shared one component at a time (rspack.config.base.ts): one copy of its
  // internals (wave effect, cssinjs style cache) in the shell's chunks, none in a remote's.
  const cssinjsCopies = bodies.filter((s) => s.body.includes('data-css-hash'));
  expect(cssinjsCopies.map((s) => s.url)).toHaveLength(1);
  expect(
    bodies
      .filter((s) => s.url.includes('/remotes/') && /data-css-hash|ant-wave-target|rc-motion/.test(s.body))
      .map((s) => s.url),
  ).toEqual([]);
});

test('the home page downloads no antd; an antd dialog opened from it brings antd in the site blue', async ({
  page,
}) => {
  const scripts = collectScripts(page);
  await page.goto('/');
  const loginBox = page.getByRole('form', { name: '学员登录' });
  await expect(loginBox).toBeVisible();
  await page.waitForLoadState('networkidle');
  // antd's style engine (cssinjs) comes with its ConfigProvider: not part of this page.
  const firstLoad = await Promise.all(scripts.map(async (s) => ({ url: s.url, body: await s.body })));
  expect(firstLoad.filter((s) => s.body.includes('data-css-hash')).map((s) => s.url)).toEqual([]);

  await loginBox.getByRole('button', { name: '忘记密码' }).click();
  const dialog = page.getByRole('dialog', { name: '忘记密码' });
  await expect(dialog.getByRole('button', { name: /确\s*定/ })).toHaveCSS('background-color', 'rgb(31, 95, 168)');
});

test('an unreachable remote shows the fallback, the rest of the site keeps working, and retry recovers', async ({
  page,
}) => {
  await loginWithToken(page, LEARNERS.wang);
  await page.route('**/remotes/orders/**', (route) => route.abort('connectionrefused'));
  await page.goto('/myOrder');
  const main = page.getByRole('main');
  await expect(main.getByText(/暂时无法加载/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' })).toBeVisible();

  await page.unroute('**/remotes/orders/**');
  await main.getByRole('button', { name: /重\s*试/ }).click();
  await expect(main.getByRole('columnheader', { name: '下单时间' })).toBeVisible({ timeout: 20_000 });

  await page.route('**/remotes/orders/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }).click();
  const news = await apiGet<ArticleList>('/v1/article', { catid: 1, limit: 6, page: 1 });
  await expect(page.getByText(news.data[0]!.title, { exact: true }).first()).toBeVisible();
});
