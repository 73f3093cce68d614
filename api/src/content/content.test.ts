import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  advertisementsSchema,
  articleListSchema,
  articleSchema,
  categorySchema,
  linkSchema,
  siteSettingsSchema,
  slideSchema,
  topicPageSchema,
} from '@yaoshi/contracts/content';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import { articles, topicPages } from './content-schema';
import { storeArticles } from './content-writes';
import { sanitizeRichText } from './rich-text';
import { MESSAGES } from '../messages';
import { startTestServer, TEST_START, type TestServer } from '../test-support/test-server';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { ASSOCIATION } from '../seed/site-content';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** Calls a content endpoint and returns its data, checked against the contract's schema (strictly). */
async function dataOf<S extends z.ZodType>(
  schema: S,
  path: string,
  payload?: Record<string, unknown>,
): Promise<z.output<S>> {
  const response = await server.call({ method: 'GET', path, ...(payload ? { payload } : {}) });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  const body = response.body as { code: number; message: string; data: unknown };
  assert.equal(body.code, 200);
  assert.equal(body.message, MESSAGES.success);
  const parsed = schema.parse(body.data);
  // Equal after parsing: nothing the contract does not declare was sent.
  assert.deepEqual(parsed, body.data);
  return parsed;
}

const list = (payload: Record<string, unknown>) => dataOf(articleListSchema, '/v1/article', payload);
const detail = (postid: number | string) => dataOf(articleSchema, '/v1/article', { postid });

describe('site, navigation, footer and home', () => {
  test('/v1/site: the association, its contacts and QR codes', async () => {
    const site = await dataOf(siteSettingsSchema, '/v1/site');
    assert.equal(site.site_name, ASSOCIATION.name);
    assert.match(site.site_icp, /^苏ICP备\d+号/);
    assert.match(site.site_code, /^\d{6}$/);
    assert.equal(site.site_work_time_am, '上午 8:30-12:00');
    assert.equal(site.site_work_time_pm, '下午 14:00-17:30');
    assert.match(site.site_wechat_qrcode, /^\/media\//);
  });

  test('/v1/category: every category with its fixed id, 6 included', async () => {
    const categories = await dataOf(categorySchema.array(), '/v1/category');
    assert.deepEqual(
      categories.map((c) => `${c.id} ${c.name}`),
      [
        '1 协会动态',
        '2 办事指南',
        '3 继续教育',
        '4 新闻资讯',
        '5 药学服务',
        '6 联系我们',
        '21 党群工作',
        '22 会员风采',
        '24 协会简介',
      ],
    );
  });

  test('/v1/links, /v1/slide and /v1/adv', async () => {
    const links = await dataOf(linkSchema.array(), '/v1/links');
    assert.ok(links.some((link) => link.name === '国家药品监督管理局' && link.url.startsWith('https://')));
    assert.ok(links.every((link) => link.target === '_blank'));

    const slides = await dataOf(slideSchema.array(), '/v1/slide');
    assert.equal(slides.length, 3);
    assert.ok(slides.every((slide) => slide.image.startsWith('/media/') && slide.title.length > 0));

    const adverts = await dataOf(advertisementsSchema, '/v1/adv');
    assert.ok(adverts.textAdv && adverts.textAdv.content.includes('继续教育'));
    assert.ok(adverts.imgAdv && adverts.imgAdv.img_url.startsWith('/media/'));
    // The floating ad's 年度报名中 line names the current study year, not a year baked into an image.
    assert.equal(adverts.study_year, beijingYearOf(TEST_START));
  });

  test('/v1/education, /v1/credit, /v1/promote: title and content', async () => {
    for (const path of ['/v1/education', '/v1/credit', '/v1/promote']) {
      const page = await dataOf(topicPageSchema, path);
      assert.ok(page.title.length > 0, path);
      assert.match(page.content, /<p>/, path);
    }
  });

  test('images the content points to are served', async () => {
    const site = await dataOf(siteSettingsSchema, '/v1/site');
    const slides = await dataOf(slideSchema.array(), '/v1/slide');
    for (const url of [site.site_wechat_qrcode, site.site_staff_qrcode, ...slides.map((s) => s.image)]) {
      const response = await server.send(url);
      assert.equal(response.status, 200, url);
      assert.equal(response.headers.get('content-type'), 'image/svg+xml', url);
    }
  });
});

describe('/v1/article', () => {
  test('a category list: total, newest first, summaries in Beijing time', async () => {
    const page = await list({ catid: 1, limit: 6, page: 1 });
    assert.ok(page.total >= 12);
    assert.equal(page.data.length, 6);
    const times = page.data.map((a) => a.published_time);
    assert.deepEqual(times, [...times].sort().reverse());
    assert.ok(times.every((t) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(t)));
    assert.ok(page.data.every((a) => a.excerpt.length > 0 && !('content' in a)));
  });

  test('pages follow on without overlap, and a page past the end is empty', async () => {
    const { total } = await list({ catid: 1, limit: 5, page: 1 });
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(total / 5); page += 1) {
      seen.push(...(await list({ catid: 1, limit: 5, page })).data.map((a) => a.id));
    }
    assert.equal(seen.length, total);
    assert.equal(new Set(seen).size, total);
    const beyond = await list({ catid: 1, limit: 5, page: 100 });
    assert.deepEqual(beyond, { total, data: [] });
  });

  test('limit and page default to 10 and 1, and digit strings are accepted', async () => {
    const defaults = await list({ catid: 1 });
    assert.equal(defaults.data.length, 10);
    const asText = await list({ catid: '1', limit: '10', page: '1' });
    assert.deepEqual(asText, defaults);
  });

  test('keyword searches titles within the category', async () => {
    const found = await list({ catid: 5, limit: 10, page: 1, keyword: '儿童' });
    assert.equal(found.total, 1);
    assert.equal(found.data[0]?.title, '儿童退热药怎么选？药师来解答');
    const elsewhere = await list({ catid: 1, limit: 10, page: 1, keyword: '儿童退热' });
    assert.equal(elsewhere.total, 0);
  });

  test('keyword characters are literal, not patterns', async () => {
    assert.equal((await list({ catid: 1, keyword: '%' })).total, 0);
    assert.equal((await list({ catid: 1, keyword: '_' })).total, 0);
    const all = await list({ catid: 1, keyword: '  ' });
    assert.ok(all.total >= 12, 'a blank keyword does not filter');
  });

  test('an empty or unknown category is an empty list', async () => {
    assert.deepEqual(await list({ catid: 6 }), { total: 0, data: [] });
    assert.deepEqual(await list({ catid: 999 }), { total: 0, data: [] });
  });

  test('the seed spreads at least 40 articles over the news categories', async () => {
    let total = 0;
    for (const catid of [1, 2, 3, 4, 5, 21, 22]) {
      const { total: inCategory } = await list({ catid });
      assert.ok(inCategory >= 5, `category ${catid} has ${inCategory}`);
      total += inCategory;
    }
    assert.ok(total >= 40, `${total} articles`);
  });

  test('a detail returns the article and counts the view', async () => {
    const [summary] = (await list({ catid: 3, limit: 1 })).data;
    assert.ok(summary);
    const first = await detail(summary.id);
    assert.equal(first.title, summary.title);
    assert.equal(first.catid, 3);
    assert.equal(first.post_hits, summary.post_hits + 1);
    assert.match(first.content, /<p>.*<\/p>.*<p>/s, 'several paragraphs of HTML');
    const second = await detail(String(summary.id));
    assert.equal(second.post_hits, summary.post_hits + 2);
  });

  test('concurrent views are all counted', async () => {
    const [summary] = (await list({ catid: 4, limit: 1 })).data;
    assert.ok(summary);
    await Promise.all(Array.from({ length: 8 }, () => detail(summary.id)));
    assert.equal((await detail(summary.id)).post_hits, summary.post_hits + 9);
  });

  test('a missing article is 404 文章不存在', async () => {
    const response = await server.call({ method: 'GET', path: '/v1/article', payload: { postid: 999_999 } });
    assert.equal(response.status, 404);
    assert.deepEqual(response.body, { code: 404, message: MESSAGES.articleNotFound, data: null });
  });
});

describe('/v1/article refuses bad input with 400 and a Chinese message', () => {
  const refused = async (payload: Record<string, unknown>) => {
    const response = await server.call({ method: 'GET', path: '/v1/article', payload });
    assert.equal(response.status, 400, JSON.stringify(payload));
    const body = response.body as { code: number; message: string; data: unknown };
    assert.equal(body.code, 400);
    assert.match(body.message, /[\u4e00-\u9fa5]/, 'a Chinese message');
    assert.equal(body.data, null);
  };

  test('page size and page number bounds', async () => {
    await refused({ catid: 1, limit: 0 });
    await refused({ catid: 1, limit: 51 });
    await refused({ catid: 1, limit: -1 });
    await refused({ catid: 1, page: 0 });
    await refused({ catid: 1, page: 100_001 });
    await refused({ catid: 1, limit: 1.5 });
    // The largest page size and the last allowed page are answered.
    assert.equal((await list({ catid: 1, limit: 50 })).data.length > 0, true);
    assert.deepEqual((await list({ catid: 1, page: 100_000 })).data, []);
  });

  test('wrong types, unknown fields, neither catid nor postid', async () => {
    await refused({ catid: 'abc' });
    await refused({ catid: true });
    await refused({ catid: [1] });
    await refused({ catid: 0 });
    await refused({ postid: -5 });
    await refused({ postid: '1 OR 1=1' });
    await refused({ postid: 2_147_483_648 });
    await refused({ catid: 1, sort: 'hits' });
    await refused({ catid: 1, keyword: 'x'.repeat(51) });
    await refused({ catid: 1, keyword: 7 });
    await refused({});
  });

  test('a refused request changes nothing: no view is counted', async () => {
    const [summary] = (await list({ catid: 2, limit: 1 })).data;
    assert.ok(summary);
    await refused({ postid: String(summary.id) + 'x' });
    const again = (await list({ catid: 2, limit: 1 })).data[0];
    assert.equal(again?.post_hits, summary.post_hits);
  });
});

describe('rich text is sanitized before it is stored', () => {
  test('a hostile article keeps its text and loses scripts, handlers and javascript: links', async () => {
    const [stored] = await storeArticles(server.db, [
      {
        categoryId: 22,
        title: '恶意内容测试文章',
        content:
          '<p onclick="alert(1)">正文第一段</p><script>window.hacked = 1</script>' +
          '<img src="x" onerror="window.hacked = 2" alt="图"><a href="javascript:alert(3)">链接</a>' +
          '<iframe src="https://evil.example"></iframe><svg onload="alert(4)"></svg>' +
          '<a href="https://www.nmpa.gov.cn/" target="_blank">国家药监局</a>',
        publishedAt: TEST_START,
        createdAt: TEST_START,
        updatedAt: TEST_START,
      },
    ]);
    assert.ok(stored);
    const article = await detail(stored.id);
    assert.match(article.content, /正文第一段/);
    assert.match(article.content, /国家药监局/);
    for (const hostile of [
      /<script/i,
      /onclick/i,
      /onerror/i,
      /onload/i,
      /javascript:/i,
      /<iframe/i,
      /<svg/i,
      /hacked/,
    ]) {
      assert.doesNotMatch(article.content, hostile);
    }
    assert.match(
      article.content,
      /<a href="https:\/\/www\.nmpa\.gov\.cn\/" target="_blank" rel="noopener noreferrer">/,
    );
  });

  test('seeded articles, topic pages and the text advertisement carry no script or handler', async () => {
    const rows = await server.db.select({ content: articles.content }).from(articles);
    const topics = await server.db.select({ content: topicPages.content }).from(topicPages);
    const adverts = await dataOf(advertisementsSchema, '/v1/adv');
    for (const html of [
      ...rows.map((r) => r.content),
      ...topics.map((t) => t.content),
      adverts.textAdv?.content ?? '',
    ]) {
      assert.equal(sanitizeRichText(html), html, 'stored HTML is already clean');
    }
  });
});

describe('list and detail queries are answered from indexes', () => {
  /**
   * The demo table is small enough that PostgreSQL would rightly prefer a sequential scan,
   * so the plan is taken with sequential (and bitmap) scans priced out: if the query could
   * not use an index, the planner would still have to scan the table and say so.
   */
  async function planOf(query: string): Promise<string> {
    return server.db.transaction(async (tx) => {
      await tx.execute(sql.raw('SET LOCAL enable_seqscan = off'));
      await tx.execute(sql.raw('SET LOCAL enable_bitmapscan = off'));
      const result = await tx.execute(sql.raw(`EXPLAIN ${query}`));
      const rows = (Array.isArray(result) ? result : (result as { rows: Record<string, string>[] }).rows) as Record<
        string,
        string
      >[];
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
  }

  test('a category page and its count use articles_category_published_idx', async () => {
    const page = await planOf(
      'SELECT id, title FROM articles WHERE category_id = 1 ORDER BY published_at DESC, id DESC LIMIT 10 OFFSET 10',
    );
    assert.match(page, /Index Scan using articles_category_published_idx/);
    assert.doesNotMatch(page, /Seq Scan/);
    const total = await planOf('SELECT count(*) FROM articles WHERE category_id = 1');
    assert.match(total, /articles_category_published_idx/);
    assert.doesNotMatch(total, /Seq Scan/);
  });

  test('a keyword search scans one category through the index, not the table', async () => {
    const plan = await planOf(
      "SELECT id FROM articles WHERE category_id = 5 AND title ILIKE '%儿童%' ORDER BY published_at DESC, id DESC LIMIT 10",
    );
    assert.match(plan, /articles_category_published_idx/);
    assert.doesNotMatch(plan, /Seq Scan/);
  });

  test('a detail (with its view count) is a primary-key lookup', async () => {
    const plan = await planOf('UPDATE articles SET hits = hits + 1 WHERE id = 7 RETURNING id');
    assert.match(plan, /Index Scan using articles_pkey/);
    assert.doesNotMatch(plan, /Seq Scan/);
  });
});
