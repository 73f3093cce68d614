import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { ARTICLE_VIEW_PATH } from '@yaoshi/contracts/article-view';
import { articleListSchema, articleSchema } from '@yaoshi/contracts/content';
import { IP_LIMITS } from '../rate-limits/rate-limits';
import { MESSAGES } from '../messages';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { articles } from './content-schema';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** The beacon as the page's script sends it: JSON, no signature, no token. */
function beacon(body: unknown, contentType = 'application/json') {
  return server.send(ARTICLE_VIEW_PATH, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function hitsOf(id: number): Promise<number> {
  const [row] = await server.db.select({ hits: articles.hits }).from(articles).where(eq(articles.id, id));
  assert.ok(row, `article ${id}`);
  return row.hits;
}

async function firstOf(catid: number): Promise<number> {
  const response = await server.call({ method: 'GET', path: '/v1/article', payload: { catid, limit: 1 } });
  const list = articleListSchema.parse((response.body as { data: unknown }).data);
  assert.ok(list.data[0]);
  return list.data[0].id;
}

/** A fresh minute for the per-address limit, so tests do not share a window. */
function nextWindow() {
  server.clock.advance(IP_LIMITS.articleView.windowMs);
}

describe('POST /v1/article_view counts a view of a server-rendered article', () => {
  test('each beacon counts one view and answers 204 with no body', async () => {
    nextWindow();
    const id = await firstOf(3);
    const before = await hitsOf(id);
    const answer = await beacon({ postid: id });
    assert.equal(answer.status, 204);
    assert.equal(answer.body, '');
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.equal(await hitsOf(id), before + 1);
    await Promise.all([beacon({ postid: id }), beacon({ postid: id }), beacon({ postid: id })]);
    assert.equal(await hitsOf(id), before + 4, 'concurrent beacons are all counted');
  });

  test('a draft, a scheduled article and an unknown id answer 404 文章不存在 and change nothing', async () => {
    nextWindow();
    const draft = await firstOf(4);
    const scheduled = await firstOf(5);
    await server.db.update(articles).set({ status: 'draft' }).where(eq(articles.id, draft));
    const later = new Date(server.clock.nowMs() + 24 * 3_600_000);
    const [kept] = await server.db
      .select({ publishedAt: articles.publishedAt })
      .from(articles)
      .where(eq(articles.id, scheduled));
    await server.db.update(articles).set({ publishedAt: later }).where(eq(articles.id, scheduled));
    try {
      for (const id of [draft, scheduled]) {
        const before = await hitsOf(id);
        const answer = await beacon({ postid: id });
        assert.equal(answer.status, 404);
        assert.deepEqual(answer.body, { code: 404, message: MESSAGES.articleNotFound, data: null });
        assert.equal(await hitsOf(id), before, `article ${id} unchanged`);
      }
      const unknown = await beacon({ postid: 999_999 });
      assert.equal(unknown.status, 404);
    } finally {
      await server.db.update(articles).set({ status: 'published' }).where(eq(articles.id, draft));
      await server.db.update(articles).set({ publishedAt: kept!.publishedAt }).where(eq(articles.id, scheduled));
    }
  });

  test('past 60 a minute from one address: 429 with Retry-After, and nothing is counted', async () => {
    nextWindow();
    const id = await firstOf(2);
    const before = await hitsOf(id);
    for (let i = 0; i < IP_LIMITS.articleView.max; i += 1) assert.equal((await beacon({ postid: id })).status, 204);
    assert.equal(await hitsOf(id), before + IP_LIMITS.articleView.max);
    const refused = await beacon({ postid: id });
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    const body = refused.body as { code: number; message: string; data: unknown };
    assert.equal(body.code, 429);
    assert.match(body.message, /浏览文章过于频繁/);
    assert.equal(body.data, null);
    assert.equal(await hitsOf(id), before + IP_LIMITS.articleView.max, 'the refused view is not counted');
    nextWindow();
    assert.equal((await beacon({ postid: id })).status, 204, 'a new minute counts again');
  });

  test('anything but {postid} is refused with 400 (413 when large) in the envelope, and counts nothing', async () => {
    nextWindow();
    const id = await firstOf(1);
    const before = await hitsOf(id);
    const cases: [unknown, string?][] = [
      [{}],
      [{ postid: 0 }],
      [{ postid: -1 }],
      [{ postid: 1.5 }],
      [{ postid: 2_147_483_648 }],
      [{ postid: `${id} OR 1=1` }],
      [{ postid: id, hits: 1000 }],
      [{ postid: [id] }],
      [[id]],
      ['null'],
      ['{"postid":'],
      [`postid=${id}`, 'application/x-www-form-urlencoded'],
      [{ postid: id }, 'text/plain'],
    ];
    for (const [body, type] of cases) {
      const answer = await beacon(body, type);
      assert.equal(answer.status, 400, `${JSON.stringify(body)} ${type ?? ''}: ${answer.status}`);
      const envelope = answer.body as { code: number; message: string; data: unknown };
      assert.equal(envelope.code, answer.status);
      assert.match(envelope.message, /[\u4e00-\u9fa5]/);
      assert.equal(envelope.data, null);
    }
    const large = await beacon({ postid: id, pad: 'x'.repeat(1000) });
    assert.equal(large.status, 413);
    assert.equal(await hitsOf(id), before, 'no junk was counted');
  });
});

describe('/v1/article with count: false (the first page of a server-rendered article)', () => {
  test('answers the article without counting; without it, opening counts as before', async () => {
    const id = await firstOf(21);
    const before = await hitsOf(id);
    const quiet = await server.call({ method: 'GET', path: '/v1/article', payload: { postid: id, count: false } });
    assert.equal(quiet.status, 200);
    const article = articleSchema.parse((quiet.body as { data: unknown }).data);
    assert.equal(article.id, id);
    assert.equal(article.post_hits, before);
    assert.equal(await hitsOf(id), before);
    const counted = await server.call({ method: 'GET', path: '/v1/article', payload: { postid: id } });
    assert.equal(articleSchema.parse((counted.body as { data: unknown }).data).post_hits, before + 1);
    const refused = await server.call({ method: 'GET', path: '/v1/article', payload: { postid: id, count: true } });
    assert.equal(refused.status, 400, 'only false is a choice');
    assert.equal(await hitsOf(id), before + 1);
  });
});
