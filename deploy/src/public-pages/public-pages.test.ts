import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '@yaoshi/api-server/test-support/test-server';
import { articles } from '@yaoshi/api-server/content/content-schema';
import { storeArticles } from '@yaoshi/api-server/content/content-writes';
import { registerSite } from '../serve';
import { SITEMAP_MAX_URLS, sitemapFile } from './crawler-files';
import { PUBLIC_PAGE_CACHE } from './public-pages';
import { publicPageFacts } from './public-page-facts';

const BASE = 'https://www.pharmacists.example.org';
const SHELL = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title></title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

function fakeSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'yaoshi-public-'));
  writeFileSync(join(root, 'index.html'), SHELL);
  writeFileSync(
    join(root, 'shell-manifest.json'),
    JSON.stringify({ version: '0.1.0', provides: {}, pages: ['/myInfo', '/studentsNote'] }),
  );
  return root;
}

let server: TestServer;
let articleId: number;
let draftId: number;
before(async () => {
  server = await startTestServer({
    config: { publicBaseUrl: BASE },
    register: async (app, { db, clock, config }) =>
      registerSite(app, fakeSite(), { db, clock, config, environment: 'production', factsReuseMs: 0 }),
  });
  const [published, draft] = await storeArticles(server.db, [
    {
      categoryId: 1,
      title: '关于开展2025年度继续教育的通知',
      excerpt: '',
      content:
        '<p>各会员单位：为提高执业药师业务水平，现将有关事项通知如下。</p><p><img src="/media/content/notice.png" alt="" /></p>',
      publishedAt: new Date(server.clock.now().getTime() - 3_600_000),
      createdAt: server.clock.now(),
      updatedAt: server.clock.now(),
      status: 'published',
    },
    {
      categoryId: 1,
      title: '草稿：尚未发布',
      content: '<p>不应被看到。</p>',
      publishedAt: new Date(server.clock.now().getTime() - 3_600_000),
      createdAt: server.clock.now(),
      updatedAt: server.clock.now(),
      status: 'draft',
    },
  ]);
  articleId = published!.id;
  draftId = draft!.id;
});
after(() => server.close());

const page = (path: string) => fetch(`${server.baseUrl}${path}`, { headers: { cookie: 'yaoshi_vid=x' } });

describe('what crawlers and link previews read', () => {
  test('an article: its title — the short name, its lead, canonical from PUBLIC_BASE_URL, Open Graph with its first image', async () => {
    const response = await page(`/associationNewsDetail?postid=${articleId}&newsId=1`);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /<title>关于开展2025年度继续教育的通知 — [^<]+<\/title>/);
    assert.match(
      html,
      /<meta name="description" content="各会员单位：为提高执业药师业务水平，现将有关事项通知如下。" \/>/,
    );
    assert.match(
      html,
      new RegExp(`<link rel="canonical" href="${BASE}/associationNewsDetail\\?postid=${articleId}" />`),
    );
    assert.match(html, /<meta property="og:title" content="关于开展2025年度继续教育的通知 — /);
    assert.match(html, new RegExp(`<meta property="og:image" content="${BASE}/media/content/notice.png" />`));
    assert.match(html, /<meta property="og:type" content="article" \/>/);
    // Cacheable by nginx/CDN a short time, and nothing of the visitor in it.
    assert.equal(response.headers.get('cache-control'), PUBLIC_PAGE_CACHE);
    assert.equal(response.headers.get('set-cookie'), null);
  });

  test('every public page has its own title, description and canonical; previews fall back to the logo', async () => {
    for (const [path, title, canonical] of [
      ['/', null, '/'],
      ['/newsList?newsId=1&currentNavIdx=1', '协会动态', '/newsList?newsId=1'],
      ['/associationIntroduce', '协会简介', '/associationIntroduce'],
      ['/contactUs', '联系我们', '/contactUs'],
      ['/verify?no=123', '学时证明验证', '/verify'],
      ['/newDetail?api=education', null, '/newDetail?api=education'],
    ] as const) {
      const response = await page(path);
      assert.equal(response.status, 200, path);
      const html = await response.text();
      if (title) assert.match(html, new RegExp(`<title>${title} — `), path);
      // The home page: the association's name alone (spec 01's default title), as the browser's site titles it.
      if (path === '/') {
        const siteName = /<meta property="og:site_name" content="([^"]+)" \/>/.exec(html)?.[1];
        assert.ok(siteName, 'the association is named');
        assert.ok(
          html.includes(`<title>${siteName}</title>`),
          `the home page's title: ${/<title>[^<]*<\/title>/.exec(html)?.[0]}`,
        );
      }
      assert.match(html, /<meta name="description" content="[^"]{8,}" \/>/, path);
      assert.ok(html.includes(`<link rel="canonical" href="${BASE}${canonical}" />`), `${path}: ${html}`);
      assert.match(html, new RegExp(`<meta property="og:image" content="${BASE}/icon-512.png" />`), path);
    }
  });

  test('a draft, an unknown or a removed article answers 404 with a page saying so, never an empty 200', async () => {
    for (const path of [
      `/associationNewsDetail?postid=${draftId}`,
      '/associationNewsDetail?postid=999999',
      '/associationNewsDetail?postid=abc',
      '/newsList?newsId=999',
      '/newDetail?api=nothing',
    ]) {
      const response = await page(path);
      assert.equal(response.status, 404, path);
      const html = await response.text();
      assert.match(html, /<title>页面不存在 — /);
      assert.match(html, /<meta name="robots" content="noindex" \/>/);
      assert.match(html, /<div id="root"><main[^>]*><h1>页面不存在<\/h1><p>您访问的页面不存在或已被删除。/);
    }
    await server.db.update(articles).set({ status: 'draft' }).where(eq(articles.id, articleId));
    assert.equal((await page(`/associationNewsDetail?postid=${articleId}`)).status, 404);
    await server.db.update(articles).set({ status: 'published' }).where(eq(articles.id, articleId));
  });

  test('learner and staff pages stay the shell as it is', async () => {
    const response = await page('/myCourse');
    assert.equal(response.status, 200);
    assert.equal(await response.text(), SHELL);
  });

  test('robots.txt keeps crawlers from the API, the console and the learner pages, and names the sitemap', async () => {
    const response = await page('/robots.txt');
    assert.equal(response.status, 200);
    const robots = await response.text();
    for (const path of ['/v1/', '/admin', '/myInfo', '/studentsNote'])
      assert.match(robots, new RegExp(`^Disallow: ${path}$`, 'm'));
    assert.doesNotMatch(robots, /^Disallow: \/$/m);
    assert.match(robots, new RegExp(`^Sitemap: ${BASE}/sitemap.xml$`, 'm'));
  });

  test('sitemap.xml lists the public pages and every published article with its last change, no draft', async () => {
    const response = await page('/sitemap.xml');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /application\/xml/);
    const xml = await response.text();
    assert.match(
      xml,
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    assert.ok(xml.includes(`<loc>${BASE}/</loc>`));
    assert.ok(xml.includes(`<loc>${BASE}/newsList?newsId=1</loc>`));
    assert.match(
      xml,
      new RegExp(
        `<url><loc>${BASE}/associationNewsDetail\\?postid=${articleId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+08:00</lastmod></url>`,
      ),
    );
    assert.ok(!xml.includes(`postid=${draftId}<`), 'no draft in the sitemap');
    const published = await server.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.status, 'published'));
    assert.ok((xml.match(/associationNewsDetail\?postid=/g) ?? []).length >= published.length - 1);
    assert.equal((await page('/sitemap-1.xml')).status, 404, 'one file: no parts');
  });
});

test("a list's page and search in the address are the page the server renders: a reload of page 2 shows page 2", async () => {
  const hour = 3_600_000;
  const stored = await storeArticles(
    server.db,
    Array.from({ length: 12 }, (_, index) => ({
      categoryId: 3,
      title: `第${index + 1}篇${index % 2 === 0 ? '培训' : '动态'}`,
      content: '<p>正文</p>',
      publishedAt: new Date(server.clock.now().getTime() - (index + 2) * hour),
      createdAt: server.clock.now(),
      updatedAt: server.clock.now(),
      status: 'published' as const,
    })),
  );
  assert.equal(stored.length, 12);
  const titlesOf = async (search: string) => {
    const facts = await publicPageFacts(server.db, new URL(`/newsList?newsId=3${search}`, BASE), server.clock.now());
    assert.equal(facts?.data.page, 'list');
    return facts?.data.page === 'list' ? facts.data.list.data.map((article) => article.title) : [];
  };
  const first = await titlesOf('');
  const second = await titlesOf('&page=2');
  assert.equal(first.length, 10);
  assert.ok(second.includes('第12篇动态'), `page 2: ${second.join('、')}`);
  assert.ok(
    second.every((title) => !first.includes(title)),
    'page 2 is not the first page again',
  );
  assert.deepEqual(await titlesOf('&page=abc'), first, 'a page that is not a number is the first');
  const searched = await titlesOf('&keyword=%E5%9F%B9%E8%AE%AD');
  assert.ok(searched.length >= 6 && searched.every((title) => title.includes('培训')), searched.join('、'));
});

test('past 50,000 URLs the sitemap is an index of files of at most 50,000 each', () => {
  const urls = Array.from({ length: SITEMAP_MAX_URLS * 2 + 1 }, (_, i) => ({
    path: `/associationNewsDetail?postid=${i + 1}`,
    lastmod: `2026-01-01T00:00:00+08:00`,
  }));
  const index = sitemapFile(BASE, urls, 0) ?? '';
  assert.match(index, /<sitemapindex /);
  assert.equal((index.match(/<sitemap>/g) ?? []).length, 3);
  assert.ok(index.includes(`<loc>${BASE}/sitemap-3.xml</loc>`));
  assert.equal(((sitemapFile(BASE, urls, 1) ?? '').match(/<url>/g) ?? []).length, SITEMAP_MAX_URLS);
  assert.equal(((sitemapFile(BASE, urls, 3) ?? '').match(/<url>/g) ?? []).length, 1);
  assert.equal(sitemapFile(BASE, urls, 4), undefined);
});
