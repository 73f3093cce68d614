import { expect, test } from '@playwright/test';
import type { AssociationProfile } from '@yaoshi/contracts/association-profile';
import { apiCall } from './support/accounts';
import { browserSite, skipTextAdvertisement, startSite } from './support/site';
import { DEMO_STAFF, openConsoleAs, staffApiLogin } from './support/staff';

/**
 * The association's profile (issue 20): 内容编辑 renames the association in the console
 * (协会信息); a visitor then sees the new name in the header, the page title, the footer and
 * on 协会简介. Other tests run against the same server, so the original profile is restored.
 */

const NEW_NAME = '浙江省药师协会';
const LOAD_TIMEOUT = 30_000;

async function readProfile(token: string): Promise<AssociationProfile> {
  const reply = await apiCall<AssociationProfile>('GET', '/v1/admin/association_profile', {}, token);
  expect(reply.code, reply.message).toBe(200);
  return reply.data;
}

test('an editor renames the association in the console; the site shows the new name everywhere', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const token = await staffApiLogin(DEMO_STAFF.editor);
  const original = await readProfile(token);
  expect(original.name).not.toBe(NEW_NAME);
  try {
    await openConsoleAs(page, DEMO_STAFF.editor, '/admin/association-profile');
    const form = page.getByRole('form', { name: '协会信息' });
    const name = form.getByLabel('协会名称');
    await expect(name).toHaveValue(original.name, { timeout: LOAD_TIMEOUT });
    await name.fill(NEW_NAME);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('button', { name: '确认保存' }).click();
    await expect(page.getByText('协会信息已保存')).toBeVisible();
    expect((await readProfile(token)).name).toBe(NEW_NAME);

    // A visitor in a fresh browser session (site settings are cached per session).
    const visitor = await browser.newContext();
    const site = await visitor.newPage();
    await skipTextAdvertisement(site);
    await site.goto('/');
    const header = site.getByRole('banner');
    await expect(header.getByRole('link', { name: NEW_NAME })).toBeVisible({ timeout: LOAD_TIMEOUT });
    await expect(site).toHaveTitle(new RegExp(NEW_NAME));
    const footer = site.getByRole('contentinfo');
    await expect(footer.getByText(`主办单位：${NEW_NAME}`)).toBeVisible();
    await expect(footer.getByText(new RegExp(`Copyright © \\d{4} ${NEW_NAME}`))).toBeVisible();

    await site.goto('/associationIntroduce');
    await expect(site.getByRole('heading', { name: NEW_NAME, level: 1 })).toBeVisible({ timeout: LOAD_TIMEOUT });
    // The server titles the page 协会简介 — short name; the browser's site keeps that title once it has taken over.
    const serverTitle = await site.title();
    expect(serverTitle).toMatch(/^协会简介 — \S+$/);
    await startSite(site);
    await expect(browserSite(site)).toHaveCount(1);
    await expect(site).toHaveTitle(serverTitle);
    // The chapters and the charter come from the profile.
    const toc = site.getByRole('navigation', { name: '目录' });
    for (const chapter of original.introduction) {
      await expect(toc.getByRole('link', { name: chapter.title })).toBeVisible();
    }
    await expect(toc.getByRole('link', { name: '协会章程' })).toBeVisible();
    await visitor.close();
  } finally {
    const restored = await apiCall<AssociationProfile>(
      'POST',
      '/v1/admin/association_profile/save',
      { ...original },
      token,
    );
    expect(restored.code, restored.message).toBe(200);
    expect(restored.data.name).toBe(original.name);
  }
});

test('隐私政策 is edited in the same rich-text editor as articles; the site shows the formatting, sanitized', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const token = await staffApiLogin(DEMO_STAFF.editor);
  const original = await readProfile(token);
  const clause = `加粗条款${String(Date.now()).slice(-5)}`;
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openConsoleAs(page, DEMO_STAFF.editor, '/admin/association-profile');
    const form = page.getByRole('form', { name: '协会信息' });
    await expect(form.getByLabel('协会名称')).toHaveValue(original.name, { timeout: LOAD_TIMEOUT });
    // No raw HTML box: a visual editor with its toolbar, as for an article's 正文.
    const editor = form.getByRole('textbox', { name: '隐私政策', exact: true });
    await expect(editor).toBeVisible({ timeout: LOAD_TIMEOUT });
    await expect(form.getByRole('toolbar', { name: '隐私政策格式' })).toBeVisible();
    await expect(form.getByRole('textbox', { name: '学员协议', exact: true })).toBeVisible();
    await expect(form.getByRole('textbox', { name: '协会章程', exact: true })).toBeVisible();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await form.getByRole('toolbar', { name: '隐私政策格式' }).getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type(clause);
    await expect(editor.locator('strong')).toHaveText(clause);
    await editor.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('privacy-editor-1280.png') });

    // What the toolbar does not offer goes in as HTML, and the server sanitizes it the same way.
    const policy = form.getByRole('radiogroup', { name: '隐私政策编辑方式' });
    await policy.getByText('HTML 源码').click();
    const source = form.getByLabel('隐私政策（HTML）');
    await source.fill(
      `${await source.inputValue()}<img src="/x.png" onerror="window.__xss=1"><script>window.__xss=2</script>`,
    );

    await form.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('button', { name: '确认保存' }).click();
    await expect(page.getByText('协会信息已保存')).toBeVisible();
    const saved = (await readProfile(token)).privacy_policy;
    expect(saved).toContain(`<strong>${clause}</strong>`);
    expect(saved).not.toMatch(/onerror|<script/);

    const visitor = await browser.newContext();
    const site = await visitor.newPage();
    await skipTextAdvertisement(site);
    await site.goto('/');
    // The login box's 《个人信息与隐私政策》 shows the agreement, then the privacy policy.
    await site
      .getByRole('form', { name: '学员登录' })
      .getByRole('button', { name: '《个人信息与隐私政策》' })
      .click({ timeout: LOAD_TIMEOUT });
    const dialog = site.getByRole('dialog', { name: '个人信息与隐私政策' });
    await expect(dialog.locator('strong', { hasText: clause })).toBeVisible({ timeout: LOAD_TIMEOUT });
    expect(await site.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await visitor.close();
  } finally {
    const restored = await apiCall<AssociationProfile>(
      'POST',
      '/v1/admin/association_profile/save',
      { ...original },
      token,
    );
    expect(restored.code, restored.message).toBe(200);
  }
});
