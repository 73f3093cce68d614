import { expect, test, type Page } from '@playwright/test';
import type { AssociationIntroduction } from '@yaoshi/contracts/association-profile';
import type { Advertisements, Article, ArticleList, SiteSettings, TopicPage } from '@yaoshi/contracts/content';
import { apiGet } from './support/api';
import { LEARNERS, loginWithToken } from './support/accounts';
import { skipTextAdvertisement, startSite } from './support/site';

const TEXT_AD_TITLE = '公告';

const skipTextAd = skipTextAdvertisement;
/** Only the text advertisement: for the tests of the floating one. */
const skipTextAdOnly = (page: Page) => page.addInitScript(() => sessionStorage.setItem('textAdvShown', '1'));

// Page loads of the built site are slow on a shared CI machine; these tests load several.
test.describe.configure({ timeout: 90_000 });

test('the text advertisement shows once per browser session, across reloads', async ({ page }) => {
  const adverts = await apiGet<Advertisements>('/v1/adv');
  const firstLine = adverts.textAdv!.content.match(/<strong>(.*?)<\/strong>/)![1]!;
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: TEXT_AD_TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(firstLine)).toBeVisible();
  await dialog.getByRole('button', { name: /我知道了/ }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('navigation', { name: '快捷入口' })).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.getByRole('dialog', { name: TEXT_AD_TITLE })).toHaveCount(0);
  // A new browser session (session storage starts empty) sees it again.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(page.getByRole('dialog', { name: TEXT_AD_TITLE })).toBeVisible();
});

test('the floating advertisement moves, pauses on hover, links to its url and can be closed', async ({ page }) => {
  await skipTextAdOnly(page);
  const adverts = await apiGet<Advertisements>('/v1/adv');
  await page.goto('/');
  const ad = page.getByTestId('floating-advertisement');
  await expect(ad).toBeVisible();
  const start = (await ad.boundingBox())!;
  await page.waitForTimeout(500);
  const later = (await ad.boundingBox())!;
  // 25 ms ticks of 1 px: about 20 px in half a second along each axis.
  expect(Math.abs(later.x - start.x)).toBeGreaterThan(5);
  expect(Math.abs(later.y - start.y)).toBeGreaterThan(5);

  // hover() would wait for the element to stand still, which it never does: move the mouse onto it.
  const here = (await ad.boundingBox())!;
  await page.mouse.move(here.x + here.width / 2, here.y + here.height / 2);
  await page.waitForTimeout(100);
  const paused = (await ad.boundingBox())!;
  await page.waitForTimeout(400);
  expect(await ad.boundingBox()).toEqual(paused);
  await expect(ad.getByRole('link')).toHaveAttribute('href', adverts.imgAdv!.url!);

  await ad.getByRole('button', { name: '关闭广告' }).click({ force: true });
  await expect(ad).toHaveCount(0);
});

test('the floating advertisement bounces off the viewport edges', async ({ page }) => {
  await skipTextAdOnly(page);
  await page.setViewportSize({ width: 260, height: 260 });
  await page.goto('/');
  await startSite(page);
  const ad = page.getByTestId('floating-advertisement');
  await expect(ad).toBeVisible();
  // Sampled in the page, every frame, until the advert has gone right and then come back
  // (a turn at the right edge), or 30 s have passed: a busy machine slows the 25 ms ticks.
  const { xs, width, viewportWidth } = await ad.evaluate(
    (element) =>
      new Promise<{ xs: number[]; width: number; viewportWidth: number }>((resolve) => {
        const xs: number[] = [];
        let rose = false;
        const started = performance.now();
        const sample = () => {
          const x = element.getBoundingClientRect().x;
          const last = xs[xs.length - 1];
          if (last === undefined || x !== last) xs.push(x);
          if (last !== undefined && x > last) rose = true;
          const turned = rose && last !== undefined && x < last;
          if (turned || performance.now() - started > 30_000) {
            resolve({
              xs,
              width: element.getBoundingClientRect().width,
              viewportWidth: document.documentElement.clientWidth,
            });
          } else requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      }),
  );
  expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
  // It went right, then came back: a turn at the right edge, not before it, not past it.
  const peak = xs.indexOf(Math.max(...xs));
  expect(peak).toBeGreaterThan(0);
  expect(peak).toBeLessThan(xs.length - 1);
  expect(Math.max(...xs) + width).toBeLessThanOrEqual(viewportWidth + 1);
  expect(Math.max(...xs) + width).toBeGreaterThan(viewportWidth - 5);
});

test('navigation → list → detail, with the view count rising on each visit', async ({ page }) => {
  await skipTextAd(page);
  const list = await apiGet<ArticleList>('/v1/article', { catid: 4, limit: 10, page: 1 });
  const first = list.data[0]!;
  await page.goto('/');
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '新闻资讯' }).click();
  await expect(page).toHaveURL(/\/newsList\?newsId=4&currentNavIdx=\d/);
  await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('新闻资讯');
  await page.getByRole('link', { name: first.title }).click();
  await expect(page).toHaveURL(new RegExp(`/associationNewsDetail\\?postid=${first.id}`));
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(page.getByText(`来源：${first.post_source}`)).toBeVisible();
  await expect(page.getByText(`发布时间：${first.published_time}`)).toBeVisible();
  // The reader never touches the page: its view is counted all the same, by the page's beacon
  // after the load event, without the browser's site (docs/performance.md, "Takeover on intent").
  // Read without counting a view (`count: false`); the server's page shows a count kept for a few seconds.
  const views = async () => (await apiGet<Article>('/v1/article', { postid: first.id, count: false })).post_hits;
  await expect.poll(views).toBeGreaterThan(first.post_hits);
  const before = await views();
  const beacon = page.waitForResponse((response) => response.url().endsWith('/v1/article_view'));
  await page.reload();
  expect((await beacon).status()).toBe(204);
  await expect.poll(views).toBe(before + 1);
});

test('lists page by 10, and association news by 15; the header resets to page 1', async ({ page }) => {
  await skipTextAd(page);
  // A category with more than one page of 10.
  let catid = 0;
  for (const candidate of [2, 3, 4, 5, 21, 22]) {
    if ((await apiGet<ArticleList>('/v1/article', { catid: candidate, limit: 1, page: 1 })).total > 10) {
      catid = candidate;
      break;
    }
  }
  expect(catid).toBeGreaterThan(0);
  const guide = await apiGet<ArticleList>('/v1/article', { catid, limit: 10, page: 2 });
  const association = await apiGet<ArticleList>('/v1/article', { catid: 1, limit: 15, page: 1 });
  await page.goto(`/newsList?newsId=${catid}`);
  await startSite(page);
  await expect(page.locator('main li time')).toHaveCount(10);
  const pager = page.getByRole('navigation', { name: '分页' });
  await pager.getByRole('link', { name: '第 2 页' }).click();
  await expect(page.getByRole('link', { name: guide.data[0]!.title })).toBeVisible();
  await expect(pager.getByRole('link', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('link', { name: '第 2 页' })).toHaveCSS('border-color', 'rgb(31, 95, 168)');

  // The header's category link: the new list starts at its first page.
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '协会动态' }).click();
  await expect(page.getByRole('link', { name: association.data[0]!.title })).toBeVisible();
  await expect(page.getByRole('link', { name: association.data.at(-1)!.title })).toBeVisible();
  await expect(page.locator('main li time')).toHaveCount(Math.min(15, association.total));
});

test('search asks the server for titles with the keyword', async ({ page }) => {
  await skipTextAd(page);
  const found = await apiGet<ArticleList>('/v1/article', { catid: 5, limit: 10, page: 1, keyword: '儿童' });
  expect(found.total).toBeGreaterThan(0);
  await page.goto('/newsList?newsId=5');
  await startSite(page);
  await page.getByRole('searchbox', { name: '搜索标题' }).fill('儿童');
  await page.getByRole('searchbox', { name: '搜索标题' }).press('Enter');
  await expect(page.getByText(`“儿童”的搜索结果：共 ${found.total} 条`)).toBeVisible();
  await expect(page.locator('main li time')).toHaveCount(found.data.length);
  await expect(page.getByRole('link', { name: found.data[0]!.title })).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索标题' }).fill('没有这样的标题');
  await page.getByRole('searchbox', { name: '搜索标题' }).press('Enter');
  await expect(page.getByText('暂无数据')).toBeVisible();
});

test('a failed list shows the empty state, not an error page', async ({ page }) => {
  await skipTextAd(page);
  // The server renders a list it reads itself, and the browser hydrates it without asking:
  // the list the browser asks for is one opened in the site.
  await page.goto('/notice');
  await startSite(page);
  await page.route('**/v1/article?**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 500, message: '服务器繁忙', data: null }),
    }),
  );
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '继续教育' }).click();
  await expect(page).toHaveURL(/newsId=3/);
  await expect(page.getByText('暂无数据')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('继续教育');
});

test('logged out, the education banner asks to log in and its confirm focuses the login input', async ({ page }) => {
  await skipTextAd(page);
  await page.goto('/');
  await page.getByRole('button', { name: /进入学员中心/ }).click();
  const dialog = page.getByRole('dialog', { name: '提示' });
  await expect(dialog.getByText('您还未登录，请先登录')).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('身份证号/手机号')).toBeFocused();
});

test('logged in, the education banner opens the student centre', async ({ page }) => {
  await skipTextAd(page);
  await loginWithToken(page, LEARNERS.wang);
  await page.goto('/');
  await page.getByRole('button', { name: /进入学员中心/ }).click();
  await expect(page).toHaveURL(/\/studentsNote$/);
});

test('the topic pages show their title and content', async ({ page }) => {
  await skipTextAd(page);
  for (const api of ['education', 'credit', 'promote'] as const) {
    const topic = await apiGet<TopicPage>(`/v1/${api}`);
    await page.goto(`/newDetail?api=${api}`);
    await expect(page.getByRole('heading', { level: 1, name: topic.title })).toBeVisible();
    await expect(page.getByLabel('正文')).not.toBeEmpty();
  }
  await page.goto('/newDetail?api=unknown');
  await expect(page.getByText('页面不存在').first()).toBeVisible();
});

test('a hostile article never runs its script or handlers (DOMPurify on render)', async ({ page }) => {
  await skipTextAd(page);
  const list = await apiGet<ArticleList>('/v1/article', { catid: 1, limit: 1, page: 1 });
  const postid = list.data[0]!.id;
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Content that somehow reached the database unsanitized: the browser must still be safe.
  await page.route('**/v1/article?**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { content: string } };
    body.data.content =
      '<p>恶意文章正文</p><script>window.__owned = "script"</script>' +
      '<img src="/nope.png" onerror="window.__owned = \'onerror\'; alert(1)">' +
      '<a href="javascript:window.__owned=\'link\'">点我</a><svg onload="window.__owned=\'svg\'"></svg>' +
      '<iframe srcdoc="<script>parent.__owned=1</script>"></iframe>';
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/associationNewsDetail?postid=${postid}`);
  await startSite(page);
  await expect(page.getByText('恶意文章正文')).toBeVisible();
  await page.getByText('点我').click();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __owned?: string }).__owned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const html = await page.getByLabel('正文').innerHTML();
  expect(html).not.toMatch(/onerror|onload|javascript:|<script|<iframe/i);
});

test('the WeChat in-app browser gets the open-in-browser tip on the Android button', async ({ browser }) => {
  const site = await apiGet<SiteSettings>('/v1/site');
  const wechat = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; V2172A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230405 MicroMessenger/8.0.35.2360(0x28002337) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
    baseURL: test.info().project.use.baseURL,
  });
  const page = await wechat.newPage();
  await page.goto('/downloadApp');
  await startSite(page);
  await expect(page.getByRole('link', { name: 'iOS 版下载' })).toHaveAttribute('href', site.site_ios_url);
  await page.getByRole('link', { name: '安卓版下载' }).click();
  await expect(page.getByRole('alert')).toContainText('在浏览器打开');
  expect(page.url()).toContain('/downloadApp');
  await wechat.close();
});

test('without a map key the contact page shows the address and a link to it on 高德地图, offline', async ({ page }) => {
  await skipTextAd(page);
  const site = await apiGet<SiteSettings>('/v1/site');
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(test.info().project.use.baseURL!)) thirdParty.push(request.url());
  });
  await page.goto('/contactUs');
  const place = page.getByRole('region', { name: '协会位置' });
  await expect(place).toContainText(`地址：${site.site_address}`);
  if (site.site_map_point) {
    const link = place.getByRole('link', { name: '在高德地图中查看位置与路线' });
    await expect(link).toHaveAttribute(
      'href',
      new RegExp(
        `^https://uri\\.amap\\.com/marker\\?position=${site.site_map_point.lng}%2C${site.site_map_point.lat}&`,
      ),
    );
  }
  await expect(page.getByText(site.site_code, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: '协会微信公众号二维码' })).toBeVisible();
  expect(thirdParty).toEqual([]);
});

test('the introduction, notice and side panel', async ({ page }) => {
  await skipTextAd(page);
  const site = await apiGet<SiteSettings>('/v1/site');
  await page.goto('/associationIntroduce');
  await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('协会简介');
  // The table of contents lists the profile's chapters and the charter; a link scrolls to its part.
  const introduction = await apiGet<AssociationIntroduction>('/v1/association_introduction');
  const toc = page.getByRole('navigation', { name: '目录' }).getByRole('link');
  await expect(toc).toHaveCount(introduction.introduction.length + (introduction.charter === '' ? 0 : 1));
  const last = (await toc.last().textContent())!;
  await toc.last().click();
  await expect(page.getByRole('heading', { name: last, exact: true })).toBeInViewport();
  await expect(page.getByRole('navigation', { name: '主导航' }).locator('[aria-current="page"]')).toHaveCount(1);

  await page.goto('/notice');
  await startSite(page);
  await expect(page.getByText('暂无通知公告')).toBeVisible();

  const panel = page.getByRole('complementary', { name: '服务热线' });
  await expect(panel.getByText(site.site_supervision_phone)).toBeHidden();
  await panel.getByRole('button', { name: '服务热线' }).hover();
  await expect(panel.getByText(site.site_supervision_phone)).toBeVisible();
  await expect(panel.getByText(site.site_support_phone1)).toBeVisible();
  await expect(panel.getByRole('img', { name: '客服微信二维码' })).toBeVisible();
});

test('the home page has the six association news, the tabbed lists with 更多, and the quick links', async ({
  page,
}) => {
  await skipTextAd(page);
  const news = await apiGet<ArticleList>('/v1/article', { catid: 1, limit: 6, page: 1 });
  await page.goto('/');
  for (const article of news.data)
    await expect(page.getByRole('link', { name: article.title, exact: true }).first()).toBeVisible();
  const more = page.getByRole('link', { name: '更多', exact: true });
  await expect(more).toHaveCount(3);
  await page.getByRole('tab', { name: '药学服务' }).click();
  await expect(page.getByRole('tabpanel').nth(1)).toBeVisible();
  await expect(more.nth(2)).toHaveAttribute('href', '/newsList?newsId=5');
  const quick = page.getByRole('navigation', { name: '快捷入口' });
  for (const name of ['继续教育', '学分查询', '推广报名', '执业药师注册'])
    await expect(quick.getByRole('link', { name })).toBeVisible();
  await expect(page.locator('[aria-roledescription="carousel"]')).toHaveCSS('height', '280px');
});
