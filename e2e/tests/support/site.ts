import { expect, type Page } from '@playwright/test';

/**
 * The home page opens the text advertisement once per browser session (every test has a
 * fresh one) and floats an image advertisement that stops under the pointer, so it can
 * sit on the very button a test clicks. Tests about something else mark the text one as
 * seen and hide the floating one; public-site.spec.ts tests both.
 */
export async function skipTextAdvertisement(page: Page): Promise<void> {
  await page.addInitScript(() => {
    sessionStorage.setItem('textAdvShown', '1');
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '[data-testid="floating-advertisement"] { display: none !important; }';
      document.head.appendChild(style);
    });
  });
}

/**
 * On /faceCollection: agrees to 《人脸信息处理规则》 when the page asks (a learner who has not
 * agreed yet), so the camera may start. A learner who agreed earlier sees 开始采集 at once.
 */
export async function agreeToFaceRulesIfAsked(page: Page): Promise<void> {
  const agree = page.getByRole('button', { name: '同意并开始采集' });
  const start = page.getByRole('button', { name: '开始采集', exact: true });
  await expect(agree.or(start)).toBeVisible({ timeout: 30_000 });
  if (await agree.isVisible()) {
    await page.getByRole('checkbox').check();
    await agree.click();
  }
  await expect(start).toBeVisible();
}

/**
 * A server-rendered public page is the server's until the visitor acts (shell/public/
 * site-takeover.js): what only the browser draws (search box, pager, advertisements, the
 * WeChat tip, a hovered panel, a page built from a stubbed API) needs the visitor there. This
 * moves the mouse, as a visitor does, and waits for the browser's site to have taken over.
 */
export async function startSite(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page.mouse.move(2, 2);
  await page.mouse.move(4, 4);
  await expect(page.locator('#root > *').first()).toBeAttached();
  // A page the server did not render has no handover: the browser's site is the page at once.
  const fromServer = await page.evaluate(() => document.querySelector('script[data-main]') !== null);
  if (fromServer) await expect(browserSite(page)).toHaveCount(1, { timeout: 30_000 });
}

/**
 * The browser's site once it has taken over a server-rendered page: `#root` itself when it
 * hydrated the server's nodes (`data-browser-site="hydrated"`), or the element it swapped in
 * (a page rendered without hydration: an older public-content version, a release override).
 */
export const browserSite = (page: Page) => page.locator('#root[data-browser-site], #root > [data-browser-site]');
