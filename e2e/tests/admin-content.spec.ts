import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import type { HomeContent } from '@yaoshi/contracts/content-admin';
import { apiCall } from './support/accounts';
import { DEMO_STAFF, openConsoleAs, staffApiLogin } from './support/staff';

/**
 * Content (issue 20): 内容编辑 writes an article in the console's rich-text editor with an
 * image uploaded through the editor and a PDF attachment, previews it, publishes it; a
 * visitor finds it in the list, reads it with the script typed into its HTML removed, and
 * downloads the attachment. The editor then changes the floating advertisement and the
 * visitor's home page shows the new one. What the test changes is put back at the end.
 */

const TITLE = `浏览器测试：年会通知 ${Date.now()}`;
const LOAD_TIMEOUT = 30_000;

/** A real `width`×`height` PNG of one colour, so the browser draws it. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crc32 = (zlib as unknown as { crc32: (data: Buffer) => number }).crc32;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function choose(
  page: Page,
  button: ReturnType<Page['getByRole']>,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

test('an editor publishes an article with an image and an attachment; a visitor reads it sanitized and downloads the file; a new floating advert shows', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const token = await staffApiLogin(DEMO_STAFF.editor);
  const home = await apiCall<HomeContent>('GET', '/v1/admin/home', {}, token);
  expect(home.code, home.message).toBe(200);
  let articleId: number | null = null;
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openConsoleAs(page, DEMO_STAFF.editor, '/admin/articles');
    await page.getByRole('button', { name: '新建文章' }).click({ timeout: LOAD_TIMEOUT });
    const form = page.getByRole('form', { name: '文章' });
    // The title field by its exact name: the editor's toolbar, once it has loaded, has 二级标题 and 三级标题 buttons.
    await form.getByRole('textbox', { name: /^\*?\s*标题$/ }).fill(TITLE);
    await form.getByLabel('作者').fill('秘书处');

    // The rich-text editor: text, then an image uploaded through its toolbar.
    const body = page.getByRole('textbox', { name: '正文' });
    await body.click({ timeout: LOAD_TIMEOUT });
    await page.keyboard.type('年会将于下月在会议中心召开。');
    await choose(page, page.getByRole('button', { name: '插入图片' }), {
      name: '会场.png',
      mimeType: 'image/png',
      buffer: solidPng(240, 120, [31, 95, 168]),
    });
    await expect(body.locator('img[src^="/media/content/"]')).toBeVisible();
    // An image file dropped into the text is uploaded as well, not inlined as base64.
    await body.evaluate(
      (element, bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], '拖入.png', { type: 'image/png' }));
        const box = element.getBoundingClientRect();
        const at = { clientX: box.left + box.width / 2, clientY: box.top + 10 };
        for (const type of ['dragenter', 'dragover', 'drop'])
          element.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true, ...at }));
      },
      [...solidPng(60, 40, [0, 128, 0])],
    );
    await expect(body.locator('img[src^="/media/content/"]')).toHaveCount(2);
    expect(await body.locator('img[src^="data:"]').count()).toBe(0);

    // What the toolbar does not offer goes in as HTML: here, an attack.
    await page.getByText('HTML 源码').click();
    const source = page.getByLabel('正文（HTML）');
    const html = await source.inputValue();
    expect(html).toMatch(/<img src="\/media\/content\/[0-9a-f]{32}\.png"/);
    await source.fill(
      `${html}<p>请按时参加。</p><img src="/media/none.png" onerror="window.__xss='img'"><script>window.__xss='script'</script>`,
    );

    await choose(page, page.getByRole('button', { name: '上传附件' }), {
      name: '报名表.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(page.getByRole('list', { name: '附件列表' }).getByRole('link', { name: '报名表.pdf' })).toBeVisible();

    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('文章已保存', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/[?&]edit=\d+/);
    articleId = Number(new URL(page.url()).searchParams.get('edit'));
    await expect(page.getByTestId('article-state')).toHaveText('草稿');

    // The preview is the public rendering of what was saved.
    await page.getByRole('button', { name: /预\s*览/ }).click();
    const preview = page.getByRole('article', { name: '文章预览' });
    await expect(preview.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(preview.locator('img[src^="/media/content/"]')).toHaveCount(2);
    await expect(preview.locator('img[src^="/media/content/"]').first()).toBeVisible();
    await expect(preview.getByRole('link', { name: '报名表.pdf' })).toBeVisible();
    expect(await preview.locator('script, [onerror]').count()).toBe(0);
    await page.screenshot({ path: test.info().outputPath('preview-1280.png') });
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await page.getByRole('button', { name: /^发\s*布$/ }).click();
    await page
      .getByRole('dialog', { name: '发布文章' })
      .getByRole('button', { name: /发\s*布/ })
      .click();
    await expect(page.getByText('文章已发布', { exact: true })).toBeVisible();
    await expect(page.getByTestId('article-state')).toHaveText('已发布');

    // A visitor.
    const visitor = await browser.newContext({ acceptDownloads: true });
    const site = await visitor.newPage();
    await site.addInitScript(() => sessionStorage.setItem('textAdvShown', '1'));
    await site.goto('/newsList?newsId=1');
    await site.getByRole('link', { name: TITLE }).click({ timeout: LOAD_TIMEOUT });
    await expect(site.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible({ timeout: LOAD_TIMEOUT });
    const text = site.getByLabel('正文', { exact: true });
    await expect(text.getByText('请按时参加。')).toBeVisible();
    await expect(text.locator('img[src^="/media/content/"]')).toHaveCount(2);
    const picture = text.locator('img[src^="/media/content/"]').first();
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    expect(await text.locator('script, [onerror]').count()).toBe(0);
    expect(await site.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    await site.screenshot({ path: test.info().outputPath('detail-1280.png'), fullPage: true });

    const download = site.waitForEvent('download');
    await site.getByRole('region', { name: '附件' }).getByRole('link', { name: '报名表.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('报名表.pdf');
    expect(fs.readFileSync(await file.path())).toEqual(PDF);

    // The editor changes the floating advertisement: a new image and link.
    await page.goto('/admin/home-content');
    const ads = page.getByRole('form', { name: '广告' });
    await choose(page, ads.getByRole('button', { name: '上传图片' }), {
      name: '新广告.png',
      mimeType: 'image/png',
      buffer: solidPng(160, 120, [212, 56, 13]),
    });
    const imageField = ads.getByLabel('浮动广告图片地址');
    await expect(imageField).toHaveValue(/^\/media\/content\/[0-9a-f]{32}\.png$/);
    const imageUrl = await imageField.inputValue();
    await ads.getByLabel('浮动广告链接').fill('/newsList?newsId=2');
    if (!(await ads.getByRole('switch', { name: '启用浮动广告' }).isChecked()))
      await ads.getByRole('switch', { name: '启用浮动广告' }).click();
    await page.getByRole('button', { name: '保存广告' }).click();
    await expect(page.getByText('广告已保存，首页刷新后显示')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('home-content-1280.png'), fullPage: true });

    await site.goto('/');
    const advert = site.getByTestId('floating-advertisement');
    await expect(advert.getByRole('img', { name: '广告' })).toHaveAttribute('src', imageUrl, { timeout: LOAD_TIMEOUT });
    await expect(advert.getByRole('link')).toHaveAttribute('href', '/newsList?newsId=2');
    await visitor.close();
  } finally {
    const restored = await apiCall(
      'POST',
      '/v1/admin/home/ads/save',
      { text_ad: home.data.text_ad, image_ad: home.data.image_ad },
      token,
    );
    expect(restored.code, restored.message).toBe(200);
    if (articleId !== null) await apiCall('POST', '/v1/admin/articles/delete', { id: articleId }, token);
  }
});
