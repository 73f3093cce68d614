import { expect, test, type Page } from '@playwright/test';
import type { ArticleList } from '@yaoshi/contracts/content';
import { apiGet } from './support/api';
import { browserSite, skipTextAdvertisement } from './support/site';

/**
 * Issue 38: the public pages are hydrated. On the visitor's first intent the browser's site
 * adopts the server's nodes (shell/src/federation/hydration.ts): React reports no mismatch,
 * nothing it would have to draw again, and the very elements the visitor was reading are
 * the browser's page's own afterwards, at a desktop's width and a phone's.
 */

const LOAD_TIMEOUT = 30_000;
/** A 学时证明 of the demo data (the /verify answer the server renders). */
const DEMO_CERTIFICATE = 'XS2026ABCDEFGH12';

interface Outcome {
  state: string;
  errors: string[];
}

const SERVER_NODES = '#root h1, #root h2, #root main a, #root main p, #root footer';

/**
 * Marks the server's elements with a property HTML cannot carry: an element React drew again
 * is a new node, without it, and the marked one has left the document. The login box's place
 * is left out: the browser draws the box there after hydrating, as it should.
 */
async function markServerNodes(page: Page): Promise<number> {
  return page.evaluate((selector) => {
    const loginBox = document.querySelector('[data-takeover="visible"]')?.closest('section');
    const nodes = Array.from(document.querySelectorAll(selector)).filter((node) => !loginBox?.contains(node));
    (window as unknown as { __serverNodes: Element[] }).__serverNodes = nodes;
    return nodes.length;
  }, SERVER_NODES);
}

/** The marked server elements no longer in the document (drawn again by React). */
async function replacedCount(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __serverNodes: Element[] }).__serverNodes.filter((node) => !node.isConnected).length,
  );
}

async function pagesToCheck(): Promise<string[]> {
  const list = await apiGet<ArticleList>('/v1/article', { catid: 1, limit: 1, page: 1 });
  return [
    '/',
    '/newsList?newsId=1',
    '/newsList?newsId=1&page=2',
    `/associationNewsDetail?postid=${list.data[0]!.id}`,
    '/newDetail?api=education',
    '/associationIntroduce',
    '/contactUs',
    '/notice',
    '/downloadApp',
    '/verify',
    `/verify?no=${DEMO_CERTIFICATE}`,
  ];
}

for (const width of [1440, 390]) {
  test(`at ${width} px every public page hydrates: no mismatch, and the server's nodes are the browser's page`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await skipTextAdvertisement(page);
    await page.setViewportSize({ width, height: 900 });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.text().includes('hydration')) warnings.push(message.text());
    });
    // The site's script waits until the server's nodes are marked (on a wide screen the home page starts it by itself).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.[\w]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    for (const path of await pagesToCheck()) {
      // Not 'load': on a wide screen the home page asks for the held script by itself, which holds the load event back.
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const marked = await markServerNodes(page);
      expect(marked, path).toBeGreaterThan(3);
      release();
      await page.mouse.move(5, 5);
      await page.mouse.move(9, 9);
      await expect(browserSite(page), path).toHaveCount(1, { timeout: LOAD_TIMEOUT });
      const outcome = await page.evaluate(
        () => (window as unknown as { __yaoshiHydration?: Outcome }).__yaoshiHydration,
      );
      expect(outcome, path).toEqual({ state: 'hydrated', errors: [] });
      await expect(page.locator('#root')).toHaveAttribute('data-browser-site', 'hydrated');
      expect(await replacedCount(page), `${path}: elements React drew again`).toBe(0);
    }
    expect(warnings).toEqual([]);
  });
}

test("after hydration the page is the browser's: the home page's login box is drawn, a list's pager stays in the page", async ({
  page,
}) => {
  await skipTextAdvertisement(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const heading = page.getByRole('heading', { name: '协会动态' });
  await heading.evaluate((node) => Object.assign(node, { __server: true }));
  await page.mouse.move(5, 5);
  await expect(browserSite(page)).toHaveCount(1, { timeout: LOAD_TIMEOUT });
  // Only the browser draws the login box; the server kept its place.
  await expect(page.getByRole('form', { name: '学员登录' })).toBeVisible({ timeout: LOAD_TIMEOUT });
  expect(await heading.evaluate((node) => (node as unknown as { __server?: boolean }).__server)).toBe(true);

  await page.goto('/newsList?newsId=1');
  await page.mouse.move(5, 5);
  await expect(browserSite(page)).toHaveCount(1, { timeout: LOAD_TIMEOUT });
  // A page load would forget this.
  await page.evaluate(() => Object.assign(window, { __samePage: true }));
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '第 2 页' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(browserSite(page)).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});
