import { expect, test, type Page } from '@playwright/test';
import type { Advertisements, SiteSettings } from '@yaoshi/contracts/content';
import { LEARNERS, loginWithToken } from './support/accounts';
import { apiGet } from './support/api';
import { skipTextAdvertisement } from './support/site';

/** Issue 16, the shell's and public pages' items (3, 4, 7, 11, 12, 14, 16). */

const loginBox = (page: Page) => page.getByRole('form', { name: '学员登录' });

/** The text advertisement is marked seen; the floating one stays (item 7 looks at it). */
async function skipTextAdOnly(page: Page): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('textAdvShown', '1'));
}

test('item 3: the privacy policy can be read before login', async ({ page }) => {
  await skipTextAdvertisement(page);
  await page.goto('/');
  const box = loginBox(page);
  const agree = box.getByRole('checkbox');
  await expect(agree).toBeChecked();
  await box.getByRole('button', { name: '《个人信息与隐私政策》' }).click();
  const dialog = page.getByRole('dialog', { name: '个人信息与隐私政策' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('四、个人信息保护')).toBeVisible();
  await expect(dialog.getByText(/继续教育平台个人信息与隐私政策/)).toBeVisible();
  // Still on the home page, the box still ticked: reading it changed nothing.
  await expect(page).toHaveURL(/\/$/);
  await dialog.getByRole('button', { name: /我知道了/ }).click();
  await expect(dialog).toBeHidden();
  await expect(agree).toBeChecked();
});

test('item 4: /contactUs is linked from the header and footer and shows the phone numbers', async ({ page }) => {
  await skipTextAdvertisement(page);
  const site = await apiGet<SiteSettings>('/v1/site');
  await page.goto('/newsList?newsId=1&currentNavIdx=1');
  // The header links it outside the navigation bar (spec 01 keeps category 6 out of the bar).
  await page.getByRole('banner').getByRole('link', { name: '联系我们' }).click();
  await expect(page).toHaveURL(/\/contactUs$/);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: '联系我们' }).click();
  await expect(page).toHaveURL(/\/contactUs$/);
  const contact = page.locator('dl');
  for (const phone of [site.site_support_phone1, site.site_support_phone2, site.site_supervision_phone]) {
    // On the page itself, without opening the hover side panel.
    await expect(contact.getByRole('link', { name: phone })).toBeVisible();
  }
  await expect(page.locator('#site-side-panel')).toBeHidden();
});

for (const width of [1280, 1440]) {
  test(`item 7: the floating ad names the current study year and covers no text on load (${width} px)`, async ({
    page,
  }) => {
    await skipTextAdOnly(page);
    // The ad moves 40 px a second: its box is taken the moment it appears (the page's texts
    // are measured once the page has settled; the home page does not shift, CLS 0).
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const ad = document.querySelector('[data-testid="floating-advertisement"]');
        if (!ad || getComputedStyle(ad).visibility !== 'visible') return;
        const r = ad.getBoundingClientRect();
        (window as unknown as { adStart: object }).adStart = {
          left: r.left,
          top: r.top,
          right: r.right,
          bottom: r.bottom,
        };
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    });
    await page.setViewportSize({ width, height: 900 });
    const adverts = await apiGet<Advertisements>('/v1/adv');
    const beijingYear = Number(
      new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Shanghai' }).format(new Date()),
    );
    expect(adverts.study_year).toBe(beijingYear); // the seed's current study year
    await page.goto('/');
    const ad = page.getByTestId('floating-advertisement');
    await expect(ad).toBeVisible();
    await expect(loginBox(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const layout = await page.evaluate(() => {
      const adElement = document.querySelector('[data-testid="floating-advertisement"]')!;
      const texts: { text: string; left: number; top: number; right: number; bottom: number }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || adElement.contains(node)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) {
          if (r.width > 0 && r.height > 0)
            texts.push({ text: node.textContent.trim(), left: r.left, top: r.top, right: r.right, bottom: r.bottom });
        }
      }
      // The slideshow's banners are the page's widest images.
      const slide = Array.from(document.images)
        .sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width)[0]!
        .getBoundingClientRect();
      const start = (window as unknown as { adStart: { left: number; top: number; right: number; bottom: number } })
        .adStart;
      return { ad: start, texts, slide: { left: slide.left, top: slide.top, width: slide.width } };
    });
    const overlaps = (a: typeof layout.ad, b: typeof layout.ad) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    expect(layout.texts.filter((t) => overlaps(layout.ad, t)).map((t) => t.text)).toEqual([]);
    // The banners draw their headline and subtitle inside x 80–820, y 80–200 of 1200 × 280.
    const scale = layout.slide.width / 1200;
    const headline = {
      left: layout.slide.left + 80 * scale,
      top: layout.slide.top + 80 * scale,
      right: layout.slide.left + 820 * scale,
      bottom: layout.slide.top + 200 * scale,
    };
    expect(overlaps(layout.ad, headline)).toBe(false);
    await expect(ad.getByText(`${adverts.study_year}年度报名中`)).toBeVisible();
  });
}

test('item 11: one message per field on the profile and password forms', async ({ page }) => {
  await skipTextAdvertisement(page);
  await loginWithToken(page, LEARNERS.wang);
  await page.goto('/myInfo');
  const form = page.getByRole('form', { name: '学员信息' });
  await expect(form.getByLabel('姓名')).toHaveValue(LEARNERS.wang.name);
  // Another province clears the city: the address is then incomplete. Nothing is saved. (The
  // region table comes when the learner reaches for the address, as a click or a tab does.)
  await form.getByLabel('省').focus();
  await form.getByLabel('省').selectOption('江苏省');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('请选择单位地址')).toHaveCount(1);
  await expect(form.getByText('请选择单位地址')).toBeVisible();
  await expect(form.getByText('请选择单位地址')).toHaveCSS('color', 'rgb(207, 19, 34)'); // ERROR_TEXT_RED, 5.6:1 on white

  await page.getByRole('tab', { name: '修改密码' }).click();
  const password = page.getByRole('form', { name: '修改密码' });
  await password.getByRole('button', { name: /提\s*交/ }).click();
  await expect(password.getByText('请输入确认密码')).toBeVisible();
  await expect(password.getByRole('alert')).toHaveCount(2); // one for each field
  await expect(password.getByText('请再次输入密码')).toHaveCount(0);
});

test("item 12: a failed attempt's 账号或密码错误 is gone after a successful login", async ({ page }) => {
  test.setTimeout(90_000);
  await skipTextAdvertisement(page);
  // Date.now stands still in the page (timers keep running): antd's message counts its 5 s
  // with Date.now, so the error cannot run out by itself however slow the machine is, and
  // only the successful login can close it.
  await page.clock.setFixedTime(new Date());
  await page.goto('/');
  const box = loginBox(page);
  await box.getByLabel('身份证号/手机号').fill(LEARNERS.wang.idcard);
  await box.getByLabel('密码').fill('wrong-password');
  await box.getByRole('button', { name: /登\s*录/ }).click();
  const error = page.getByText('账号或密码错误');
  await expect(error).toBeVisible();
  await box.getByLabel('密码').fill(LEARNERS.wang.password);
  await box.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/studentsNote$/);
  await expect(page.getByRole('heading', { name: '专业课学习考核流程及介绍' })).toBeVisible({ timeout: 30_000 });
  await expect(error).toHaveCount(0);
});

test('item 14: on 协会简介 the header highlights 协会简介', async ({ page }) => {
  await skipTextAdvertisement(page);
  await page.goto('/associationIntroduce');
  const navigation = page.getByRole('navigation', { name: '主导航' });
  await expect(navigation.getByRole('link', { name: '协会简介' })).toHaveAttribute('aria-current', 'page');
  await expect(navigation.locator('[aria-current="page"]')).toHaveCount(1);
});

test('item 16: every page has a favicon and no console error', async ({ page, request }) => {
  await skipTextAdvertisement(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const path of [
    '/',
    '/newsList?newsId=1&currentNavIdx=1',
    '/associationIntroduce',
    '/contactUs',
    '/downloadApp',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', /favicon/);
  }
  expect(errors).toEqual([]);
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toMatch(/icon/);
  expect(favicon.headers()['cache-control']).toBe('public, max-age=86400');
  for (const icon of ['/favicon.svg', '/apple-touch-icon.png', '/icon-192.png', '/site.webmanifest']) {
    expect((await request.get(icon)).status(), icon).toBe(200);
  }
});
