import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Article, ArticleList, ArticleSummary } from '@yaoshi/contracts/content';
import { apiGet } from './support/api';
import { browserSite, skipTextAdvertisement } from './support/site';

/**
 * Issue 38: what a crawler, a link preview or a phone gets. The article's HTML is read with
 * JavaScript off (the server's rendering by the pinned public-content version's server
 * bundle); at 390 px the navigation is one row and nothing fixed lies over /verify's button.
 */

const LOAD_TIMEOUT = 30_000;

async function firstArticle(baseURL: string): Promise<{ path: string; title: string }> {
  const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const loc = /<loc>[^<]*(\/associationNewsDetail\?postid=\d+)<\/loc>/.exec(sitemap)?.[1];
  expect(loc, sitemap.slice(0, 500)).toBeDefined();
  const html = await (await fetch(`${baseURL}${loc}`)).text();
  const title = /<meta property="og:title" content="([^"]+) — /.exec(html)?.[1] ?? '';
  return { path: loc!, title };
}

test("with JavaScript off, an article's page shows its title and first paragraph", async ({ browser, baseURL }) => {
  const { path, title } = await firstArticle(baseURL!);
  expect(title.length).toBeGreaterThan(0);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — `));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const firstParagraph = page.getByLabel('正文').locator('p').first();
  await expect(firstParagraph).toBeVisible();
  expect(((await firstParagraph.textContent()) ?? '').trim().length).toBeGreaterThan(0);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S{8,}/);
  await page.screenshot({ path: test.info().outputPath('article-without-javascript.png') });
  await context.close();
});

test('with JavaScript off, the home page, 协会简介 and 联系我们 show their text', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '协会动态' })).toBeVisible();
  await expect(page.locator('a[href^="/associationNewsDetail?postid="]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /进入学员中心/ })).toBeVisible();
  await page.goto('/associationIntroduce');
  await expect(page.getByRole('navigation', { name: '目录' })).toBeVisible();
  await page.goto('/contactUs');
  await expect(page.getByRole('heading', { level: 1, name: '联系我们' })).toBeVisible();
  await expect(page.getByText('地址', { exact: true })).toBeVisible();
  await context.close();
});

/** Whether the shell's main.js has been started (site-takeover.js adds its script tag). */
const mainStarted = (page: Page) => page.evaluate(() => document.querySelector('script[src^="/main."]') !== null);

test("a server-rendered article stays the server's until the visitor acts, then the browser takes over without a blank or a loading state", async ({
  page,
  baseURL,
}) => {
  const { path, title } = await firstArticle(baseURL!);
  await skipTextAdvertisement(page);
  // Every moment of the page: did the title ever leave the screen, did "加载中…" ever show?
  await page.addInitScript(() => {
    const seen = { loading: false, titleGone: false, hadTitle: false };
    (window as unknown as { handover: typeof seen }).handover = seen;
    new MutationObserver(() => {
      const text = document.getElementById('root')?.textContent ?? '';
      if (text.includes('加载中')) seen.loading = true;
      const h1 = document.querySelector('h1');
      if (h1) seen.hadTitle = true;
      else if (seen.hadTitle) seen.titleGone = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(path);
  const serverTitle = await page.title();
  expect(serverTitle).toContain(title);
  // The server's page carries the shell's frame: the association's name, the navigation, the footer.
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  // Nobody has acted: the site's script is prefetched after the load event, but not started.
  await page.waitForLoadState('load');
  await expect(page.locator('link[rel="prefetch"][href^="/main."]')).toHaveCount(1);
  await expect(page.locator('link[rel="prefetch"][href$="/remoteEntry.js"]')).toHaveCount(1);
  await page.waitForTimeout(1_500);
  expect(await mainStarted(page)).toBe(false);
  await expect(browserSite(page)).toHaveCount(0);
  // A key (any intent: a touch, a press, a focus) starts it; the browser's page takes over.
  await page.keyboard.press('Shift');
  await expect(browserSite(page)).toHaveCount(1, { timeout: LOAD_TIMEOUT });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  // The tab keeps the server's title (the article's title — the short name) once the browser's site has it.
  await expect(page).toHaveTitle(serverTitle);
  const seen = await page.evaluate(() => (window as unknown as { handover: Record<string, boolean> }).handover);
  expect(seen).toEqual({ loading: false, titleGone: false, hadTitle: true });
});

/** An article's view count, read without counting a view (`count: false`). */
const hitsOf = async (id: number) => (await apiGet<Article>('/v1/article', { postid: id, count: false })).post_hits;
/** Articles of a category's first page that no other test opens (the tests run in parallel on one database). */
const quietArticles = async (catid: number): Promise<ArticleSummary[]> =>
  (await apiGet<ArticleList>('/v1/article', { catid, limit: 10, page: 1 })).data.slice(3, 5);
const isBeacon = (url: string) => new URL(url).pathname === '/v1/article_view';

test("a reader who opens an article and never touches it is counted once, by the page's beacon, without the site's script", async ({
  page,
}) => {
  await skipTextAdvertisement(page);
  const [article] = await quietArticles(21);
  const before = await hitsOf(article!.id);
  const beacon = page.waitForRequest((request) => isBeacon(request.url()));
  await page.goto(`/associationNewsDetail?postid=${article!.id}`);
  const sent = await beacon;
  expect(sent.method()).toBe('POST');
  expect(sent.postDataJSON()).toEqual({ postid: article!.id });
  expect(await sent.headerValue('referer')).toBeNull();
  expect((await sent.response())?.status()).toBe(204);
  await page.waitForTimeout(1_000);
  expect(await mainStarted(page)).toBe(false);
  expect(await hitsOf(article!.id)).toBe(before + 1);
});

test("a reader who then taps: the browser's page shows the article without counting it again; another article opened in the site counts once", async ({
  page,
}) => {
  await skipTextAdvertisement(page);
  const [first, second] = await quietArticles(22);
  const before = { first: await hitsOf(first!.id), second: await hitsOf(second!.id) };
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (isBeacon(request.url())) beacons.push(request.postData() ?? '');
  });
  const beacon = page.waitForResponse((response) => isBeacon(response.url()));
  await page.goto(`/associationNewsDetail?postid=${first!.id}`);
  expect((await beacon).status()).toBe(204);
  // The tap: the site starts, and its article page asks for the same article without counting it.
  const opened = page.waitForRequest((request) => new URL(request.url()).pathname === '/v1/article');
  await page.getByRole('heading', { level: 1, name: first!.title }).click();
  await expect(browserSite(page)).toHaveCount(1, { timeout: LOAD_TIMEOUT });
  expect(decodeURIComponent((await opened).url())).toContain('"count":false');
  await expect(browserSite(page).getByTestId('view-count')).toHaveText(`浏览：${before.first + 1} 次`);
  expect(await hitsOf(first!.id)).toBe(before.first + 1);
  // In the site: the category's list, then another article, with no page load (no beacon): counted by /v1/article.
  await browserSite(page).getByRole('navigation', { name: '当前位置' }).getByRole('link').last().click();
  await browserSite(page).getByRole('link', { name: second!.title }).click();
  await expect(browserSite(page).getByRole('heading', { level: 1, name: second!.title })).toBeVisible();
  await expect(browserSite(page).getByTestId('view-count')).toHaveText(`浏览：${before.second + 1} 次`);
  expect(await hitsOf(second!.id)).toBe(before.second + 1);
  expect(await hitsOf(first!.id)).toBe(before.first + 1);
  expect(beacons).toEqual([JSON.stringify({ postid: first!.id })]);
});

test('a reader who acts before the page has loaded: the site starts first, the beacon still counts the view once at load', async ({
  page,
}) => {
  await skipTextAdvertisement(page);
  const [, article] = await quietArticles(21);
  const before = await hitsOf(article!.id);
  // A picture that takes a while (a slow phone network) holds the load event back, past the visitor's first key.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const picture = document.createElement('img');
      picture.src = '/e2e-slow-picture.png';
      document.body.appendChild(picture);
    }),
  );
  await page.route('**/e2e-slow-picture.png', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await route.fulfill({ status: 404, body: '' });
  });
  const order: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/v1/article' || path === '/v1/article_view') order.push(path);
  });
  const beacon = page.waitForResponse((response) => isBeacon(response.url()), { timeout: LOAD_TIMEOUT });
  await page.goto(`/associationNewsDetail?postid=${article!.id}`, { waitUntil: 'domcontentloaded' });
  await page.keyboard.press('Shift');
  await expect(browserSite(page)).toHaveCount(1, { timeout: LOAD_TIMEOUT });
  expect((await beacon).status()).toBe(204);
  expect(order).toEqual(['/v1/article', '/v1/article_view']);
  expect(await hitsOf(article!.id)).toBe(before + 1);
});

test("a press before the takeover reaches the browser's button, and text typed meanwhile its box", async ({ page }) => {
  await skipTextAdvertisement(page);
  // A slow phone: the site's script takes a while once asked for, so the press and the typing
  // below surely happen on the server's page (with routing on, Playwright bypasses the cache).
  await page.route(/\/main\.[\w]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/verify');
  await page.waitForLoadState('load');
  expect(await mainStarted(page)).toBe(false);
  // The 服务热线 tab of the server's page: the press starts the site and is passed on once it is in.
  await page.getByRole('button', { name: '服务热线' }).click();
  await expect(browserSite(page)).toHaveCount(0);
  await expect(browserSite(page)).toHaveCount(1, { timeout: LOAD_TIMEOUT });
  await expect(browserSite(page).getByRole('button', { name: '服务热线' })).toHaveAttribute('aria-expanded', 'true');

  // Text typed into the server's 证书编号 box before the swap is in the browser's box after it.
  await page.goto('/verify');
  await page.waitForLoadState('load');
  await page.getByLabel('证书编号').pressSequentially('XS2026ABCDEFGH12');
  expect(await browserSite(page).count(), 'typed into the server page').toBe(0);
  await expect(browserSite(page)).toHaveCount(1, { timeout: LOAD_TIMEOUT });
  const box = browserSite(page).getByLabel('证书编号');
  await expect(box).toHaveValue('XS2026ABCDEFGH12');
  await expect(box).toBeFocused();
  // …and it is the browser's page's own state: 验证 looks that number up.
  await browserSite(page)
    .getByRole('button', { name: /验\s*证/ })
    .click();
  await expect(page).toHaveURL(/\/verify\?no=XS2026ABCDEFGH12$/);
  await expect(page.getByRole('region', { name: '验证结果' })).toBeVisible({ timeout: LOAD_TIMEOUT });
});

test("/verify?no=… server-rendered counts one lookup: the browser shows the server's answer without asking again", async ({
  page,
}) => {
  await skipTextAdvertisement(page);
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/certificate_verify')) lookups.push(request.url());
  });
  await page.goto('/verify?no=XS2026ABCDEFGH12');
  await expect(page.getByRole('region', { name: '验证结果' })).toBeVisible();
  await page.keyboard.press('Shift');
  await expect(browserSite(page)).toHaveCount(1, { timeout: LOAD_TIMEOUT });
  await expect(browserSite(page).getByRole('region', { name: '验证结果' })).toBeVisible();
  expect(lookups).toEqual([]);
});

test('a removed or unknown article answers 404 with a page saying so', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/associationNewsDetail?postid=987654');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await context.close();
});

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

test('at 390 px the navigation is one row and the 服务热线 tab covers nothing on /verify', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await skipTextAdvertisement(page);
  await page.goto('/verify');
  const nav = page.getByRole('navigation', { name: '主导航' });
  // 首页 and the seven categories once they have arrived.
  await expect(nav.getByRole('link').nth(7)).toBeAttached({ timeout: LOAD_TIMEOUT });
  const navBox = await boxOf(nav);
  expect(navBox.height).toBeLessThanOrEqual(48);
  const button = page.getByRole('button', { name: /验\s*证/ });
  await expect(button).toBeVisible({ timeout: LOAD_TIMEOUT });
  const hotline = page.getByRole('button', { name: '服务热线' });
  await expect(hotline).toBeAttached();
  await button.scrollIntoViewIfNeeded();
  // Whatever is fixed stays where it is while the page scrolls: compare within the viewport.
  const tab = await boxOf(hotline);
  expect(overlap(tab, await boxOf(button)), 'the 服务热线 tab lies over 验证').toBe(false);
  expect(await hotline.evaluate((el) => getComputedStyle(el.parentElement!).position)).not.toBe('fixed');
  await page.screenshot({ path: test.info().outputPath('verify-390.png'), fullPage: true });
  await page.close();
});
