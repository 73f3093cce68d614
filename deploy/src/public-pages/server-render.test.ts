import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '@yaoshi/api-server/test-support/test-server';
import { registerTestRemote } from '@yaoshi/api-server/test-support/release-registry';
import { pinVersion } from '@yaoshi/api-server/releases/registry-pins';
import { releaseLoadCounts } from '@yaoshi/api-server/releases/releases-schema';
import { articles, slides } from '@yaoshi/api-server/content/content-schema';
import { learners } from '@yaoshi/api-server/accounts/accounts-schema';
import { creditCertificates } from '@yaoshi/api-server/certificates/certificates-schema';
import { rateCounters } from '@yaoshi/api-server/rate-limits/rate-limits-schema';
import { storeArticles } from '@yaoshi/api-server/content/content-writes';
import { registerSite } from '../serve';
import { releaseRenderer } from './release-render';
import { PERSONAL_PAGE_CACHE, PUBLIC_PAGE_CACHE } from './public-pages';
import { PUBLIC_CONTENT_REMOTE, SERVER_BUNDLE_FILE, remoteFiles } from './server-render';
import type { Storage } from '@yaoshi/api-server/storage/storage';

const SHELL =
  '<!doctype html><html><head><title></title></head><body><div id="root"></div><script defer src="/main.0a1b2c3d.js"></script></body></html>';

/** Three published versions' server bundles: one that renders, one that throws, one that cannot load. */
const BUNDLES: Record<string, string> = {
  '0.1.0': `exports.SERVER_RENDER_API = 1;
exports.renderPage = (page) => page.page === 'article'
  ? '<main><h1>' + page.article.title + '</h1>' + page.article.content + '</main>'
  : '<main>' + page.page + '</main>';`,
  '0.2.0': `exports.SERVER_RENDER_API = 1;
exports.renderPage = () => { throw new Error('broken page'); };`,
  '0.3.0': `throw new Error('broken bundle');`,
  // A bundle that names the pages it renders (SERVER_PAGES): it shows the data it was handed.
  '0.4.0': `exports.SERVER_RENDER_API = 1;
exports.SERVER_PAGES = ['article', 'list', 'topic', 'verify', 'home', 'introduction', 'contact', 'notice', 'app'];
exports.renderPage = (page) => '<main data-page="' + page.page + '">' + JSON.stringify(page) + '</main>';`,
  // A bundle that renders for hydration: the page without its <main>, its queries' answers, and what goes outside #root.
  '0.5.0': `exports.SERVER_RENDER_API = 1;
exports.SERVER_HYDRATION_API = 1;
exports.SERVER_PAGES = ['article', 'list', 'topic', 'verify', 'home', 'introduction', 'contact', 'notice', 'app'];
exports.renderPage = () => { throw new Error('not used by a server that hydrates'); };
exports.renderForHydration = (page) => ({
  html: '<h1 data-page="' + page.page + '">' + (page.page === 'article' ? page.article.title : page.page) + '</h1>',
  queries: page.page === 'article' ? [{ endpointName: 'article', arg: page.article.id, value: { title: page.article.title + '</script><script>alert(1)</script>' } }, { bad: true }] : [],
  outside: page.page === 'verify' ? '<script type="application/json" id="verify-server-answer">{}</script>' : '',
});`,
};

function siteWithBundles(): string {
  const root = mkdtempSync(join(tmpdir(), 'yaoshi-ssr-'));
  writeFileSync(join(root, 'index.html'), SHELL);
  for (const [version, code] of Object.entries(BUNDLES)) {
    const file = join(root, 'remotes', PUBLIC_CONTENT_REMOTE, version, SERVER_BUNDLE_FILE);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, code);
  }
  return root;
}

let server: TestServer;
let articleId: number;
const ARTICLE_PATH = () => `/associationNewsDetail?postid=${articleId}&newsId=1`;

before(async () => {
  const root = siteWithBundles();
  server = await startTestServer({
    register: async (app, { db, clock, config }) => {
      await registerTestRemote(db, clock, PUBLIC_CONTENT_REMOTE, { versions: Object.keys(BUNDLES), pinned: '0.1.0' });
      await registerSite(app, root, {
        db,
        clock,
        config,
        environment: 'production',
        factsReuseMs: 0,
        render: releaseRenderer({ db, clock, siteDir: root }, 'production', undefined, 0),
      });
    },
  });
  const now = server.clock.now();
  const [stored] = await storeArticles(server.db, [
    {
      categoryId: 1,
      title: '执业药师继续教育学时登记办法',
      content: '<p>第一段：学时按年度登记。</p><p>第二段。</p>',
      publishedAt: new Date(now.getTime() - 60_000),
      createdAt: now,
      updatedAt: now,
    },
  ]);
  articleId = stored!.id;
});
after(() => server.close());

async function pin(version: string) {
  await pinVersion(
    { db: server.db, clock: server.clock, siteDir: undefined },
    { name: 'test' },
    {
      remote: PUBLIC_CONTENT_REMOTE,
      version,
      environment: 'production',
      reason: '测试',
    },
  );
}

async function failures(version: string, kind: string): Promise<number> {
  const [row] = await server.db
    .select({ count: releaseLoadCounts.count })
    .from(releaseLoadCounts)
    .where(and(eq(releaseLoadCounts.version, version), eq(releaseLoadCounts.kind, kind)));
  return row?.count ?? 0;
}

test("the takeover prefetches the version's manifest and entry where browsers read them: the site folder, or the bucket", () => {
  assert.deepEqual(remoteFiles('1.2.0'), [
    '/remotes/public-content/1.2.0/mf-manifest.json',
    '/remotes/public-content/1.2.0/remoteEntry.js',
  ]);
  const bucket = { publicUrl: (key: string) => `https://cdn.example.org/${key}` } as Pick<Storage, 'publicUrl'>;
  assert.deepEqual(remoteFiles('1.2.0', bucket as Storage), [
    'https://cdn.example.org/remotes/public-content/1.2.0/mf-manifest.json',
    'https://cdn.example.org/remotes/public-content/1.2.0/remoteEntry.js',
  ]);
});

describe('public pages rendered by the pinned public-content version', () => {
  test("an article's HTML, read without JavaScript, holds its title and first paragraph", async () => {
    const response = await fetch(`${server.baseUrl}${ARTICLE_PATH()}`);
    assert.equal(response.status, 200);
    const html = await response.text();
    // The page inside the shell's frame: the association's name, the navigation (this article's
    // category highlighted), the footer, as the browser's site draws them.
    const root = html.slice(html.indexOf('<div id="root">'));
    assert.match(root, /^<div id="root"><div[^>]*><header>/);
    assert.match(root, /<header>.*>江苏省药师协会<.*<nav aria-label="主导航".*<\/header>/s);
    assert.match(root, /aria-current="page"[^>]*>协会动态</);
    assert.match(
      root,
      /<\/header><div[^>]*><main><h1>执业药师继续教育学时登记办法<\/h1><p>第一段：学时按年度登记。<\/p>/,
    );
    assert.match(root, /<\/main><\/div><footer.*<aside aria-label="服务热线"/s);
    // The browser's site starts on the visitor's first intent; its script and the page's remote are prefetched.
    // An article's tag also says where and which view the script counts (once per load, without main.js).
    assert.match(
      html,
      /<script defer src="\/site-takeover.js" data-main="\/main.0a1b2c3d.js"(?: data-pins="\/early-pins.js")? data-prefetch="\/main.0a1b2c3d.js [^"]+" data-view="\/v1\/article_view" data-postid="\d+"><\/script>/,
    );
    assert.ok(html.includes(`data-postid="${articleId}"`), 'the article of the address');
    assert.doesNotMatch(html, /<script defer src="\/main/);
    // Prefetched after the load event, not from the head: nothing competes with the page's first paint.
    assert.doesNotMatch(html, /<link rel="prefetch"/);
    // A QA browser with a release override runs other versions: its site starts at once.
    const qa = await fetch(`${server.baseUrl}${ARTICLE_PATH()}`, {
      headers: { cookie: 'yaoshi_release_override=grant' },
    });
    const qaHtml = await qa.text();
    assert.match(qaHtml, /<script defer src="\/main.0a1b2c3d.js"><\/script>/);
    assert.match(qaHtml, /<header>/);
    assert.equal(qa.headers.get('cache-control'), PERSONAL_PAGE_CACHE);
    assert.match(html, /data-prefetch="[^"]*\/remotes\/public-content\/0.1.0\/remoteEntry.js[^"]*"/);
    assert.equal(response.headers.get('cache-control'), PUBLIC_PAGE_CACHE);
    // The server's own rendering work, for the benchmark and for operators.
    assert.match(response.headers.get('server-timing') ?? '', /^ssr;dur=\d+\.\d{3}$/);
  });

  test('a server bundle that throws: the page falls back to the browser rendering and the failure is reported', async () => {
    await pin('0.2.0');
    const before = await failures('0.2.0', 'render-error');
    const response = await fetch(`${server.baseUrl}${ARTICLE_PATH()}`);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /<div id="root"><\/div>/, 'the shell as it was: the browser renders the page');
    assert.match(html, /<script defer src="\/main.0a1b2c3d.js"><\/script>/, 'and starts at once');
    assert.match(html, /<title>执业药师继续教育学时登记办法 — /, 'the head is still there');
    assert.equal(await failures('0.2.0', 'render-error'), before + 1);
  });

  test('a server bundle that fails to load: client rendering, reported as a failed load', async () => {
    await pin('0.3.0');
    const response = await fetch(`${server.baseUrl}${ARTICLE_PATH()}`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /<div id="root"><\/div>/);
    assert.equal(await failures('0.3.0', 'load-error'), 1);
  });

  test('moving the pin changes the server-rendered page with no restart', async () => {
    await pin('0.1.0');
    assert.match(await (await fetch(`${server.baseUrl}${ARTICLE_PATH()}`)).text(), /<main><h1>/);
    const list = await (await fetch(`${server.baseUrl}/newsList?newsId=1`)).text();
    assert.match(list, /<main>list<\/main><\/div><footer/);
    assert.match(
      list,
      /src="\/site-takeover.js" data-main="[^"]+" data-prefetch="[^"]+"><\/script>/,
      'no view to count on a list',
    );
    // A deleted article is a 404 page, whatever the bundle.
    await server.db.update(articles).set({ status: 'draft' }).where(eq(articles.id, articleId));
    assert.equal((await fetch(`${server.baseUrl}${ARTICLE_PATH()}`)).status, 404);
  });

  test('HTML that reached the database without the sanitizer is sanitized before any page holds it', async () => {
    await server.db
      .update(articles)
      .set({
        status: 'published',
        content: '<p onclick="alert(1)">正文</p><script>window.hacked = 1</script><img src="x" onerror="alert(2)">',
      })
      .where(eq(articles.id, articleId));
    const html = await (await fetch(`${server.baseUrl}${ARTICLE_PATH()}`)).text();
    assert.match(html, /<p>正文<\/p>/);
    assert.doesNotMatch(html, /onclick|onerror|window\.hacked/);
  });

  test("a learner's session never reaches the shared public HTML", async () => {
    await server.db.update(articles).set({ status: 'published' }).where(eq(articles.id, articleId));
    const anonymous = await fetch(`${server.baseUrl}${ARTICLE_PATH()}`);
    const signedIn = await fetch(`${server.baseUrl}${ARTICLE_PATH()}`, {
      headers: { authorization: 'Bearer some-learner-token', cookie: 'yaoshi_token=abc' },
    });
    assert.equal(signedIn.headers.get('set-cookie'), null);
    assert.equal(signedIn.headers.get('cache-control'), PUBLIC_PAGE_CACHE);
    // Byte for byte the page everyone gets (the view count is not in it: it is the browser's).
    assert.equal(await signedIn.text(), await anonymous.text());
  });
});

describe("the home page, the association's pages and /verify's answer (a bundle that names its pages)", () => {
  const CERTIFICATE_NO = 'XS2019ABCDEFGH12';
  const html = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers });
    assert.equal(response.status, 200, path);
    return { text: await response.text(), cache: response.headers.get('cache-control') };
  };

  before(async () => {
    await pin('0.4.0');
    await server.db.update(articles).set({ status: 'published' }).where(eq(articles.id, articleId));
    await server.db.insert(slides).values({ title: '协会年会', image: '/media/content/slide.jpg', url: '' });
    const [learner] = await server.db.select({ id: learners.id }).from(learners).limit(1);
    assert.ok(learner, 'the seed has a learner');
    await server.db.insert(creditCertificates).values({
      certificateNo: CERTIFICATE_NO,
      learnerId: learner.id,
      year: 2019,
      learnerName: '王芳',
      idNumberMasked: '1101**********1234',
      professionalTenths: 600,
      publicTenths: 300,
      courses: [],
      issuer: '省执业药师协会',
      issuedAt: server.clock.now(),
    });
  });

  test("the home page's HTML holds the newest articles of each category and the slides", async () => {
    const { text, cache } = await html('/');
    assert.match(text, /<main data-page="home">/);
    assert.match(text, /执业药师继续教育学时登记办法/, 'the article published in 协会动态');
    assert.match(text, /协会年会/);
    assert.match(text, /\/media\/content\/slide\.jpg/);
    assert.equal(cache, PUBLIC_PAGE_CACHE);
  });

  test('协会简介, 联系我们, 通知公告 and 下载APP are rendered from the profile and the site settings', async () => {
    const introduction = (await html('/associationIntroduce')).text;
    assert.match(introduction, /<main data-page="introduction">/);
    assert.match(introduction, /"introduction":\[/);
    const contact = (await html('/contactUs')).text;
    assert.match(contact, /<main data-page="contact">.*"site_address":"[^"]+"/);
    assert.match((await html('/notice')).text, /<main data-page="notice">/);
    assert.match((await html('/downloadApp')).text, /<main data-page="app">.*"site_android_url"/);
  });

  test("/verify?no=…: the API's answer, masked, counted against the visitor's lookup limit", async () => {
    await server.db.delete(rateCounters);
    const { text, cache } = await html(`/verify?no=${CERTIFICATE_NO.toLowerCase()}`);
    assert.match(text, /"verdict":"genuine"/);
    // The answer of this moment, which the browser's page takes as it is: never kept by a shared cache.
    assert.equal(cache, 'private, no-cache');
    assert.match(text, /"name_masked":"王\*"/);
    assert.doesNotMatch(text, /王芳|1101\*/, 'nothing but the masked name');
    const [counter] = await server.db.select({ hits: rateCounters.hits }).from(rateCounters);
    assert.equal(counter?.hits, 1, 'one lookup counted');
    // A number that is not one: the form, no lookup.
    assert.doesNotMatch((await html('/verify?no=abc')).text, /verdict/);
  });

  test('past the lookup limit the page goes without the answer, and no shared cache keeps it', async () => {
    await server.db.delete(rateCounters);
    for (let i = 0; i < 30; i += 1) await html(`/verify?no=${CERTIFICATE_NO}`);
    const refused = await html(`/verify?no=${CERTIFICATE_NO}`);
    assert.match(refused.text, /<main data-page="verify">/);
    assert.doesNotMatch(refused.text, /verdict/);
    assert.equal(refused.cache, 'private, no-cache');
  });

  test('a version published before these pages is never handed them (and nothing is reported)', async () => {
    await pin('0.1.0');
    const before = await failures('0.1.0', 'render-error');
    assert.match((await html('/')).text, /<div id="root"><\/div>/, 'the browser renders the home page');
    assert.match((await html('/contactUs')).text, /<div id="root"><\/div>/);
    assert.equal(await failures('0.1.0', 'render-error'), before);
    assert.match(
      (await html(`/verify?no=${CERTIFICATE_NO}`)).text,
      /<main>verify<\/main>/,
      'its own pages still render',
    );
  });
});

describe('a version that renders for hydration (SERVER_HYDRATION_API)', () => {
  test("the page goes straight into the frame's <main>, inside the Suspense markers, with the frame's and the page's answers after #root", async () => {
    await pin('0.5.0');
    const html = await (await fetch(`${server.baseUrl}${ARTICLE_PATH()}`)).text();
    const root =
      /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="yaoshi-hydration">([\s\S]*?)<\/script>/.exec(
        html,
      );
    assert.ok(root, html.slice(0, 2_000));
    // No <div> round a page that brings its own <main>: the browser's tree, node for node.
    assert.match(
      root[1]!,
      /<main style="[^"]*padding:16px 16px 0[^"]*"><!--\$--><h1 data-page="article">执业药师继续教育学时登记办法<\/h1><!--\/\$--><\/main>/,
    );
    const data = JSON.parse(root[2]!) as { queries: { endpointName: string; arg: unknown; value: unknown }[] };
    // The frame's (the shell's endpoints) and the page's (the bundle's); a malformed entry is dropped.
    assert.deepEqual(
      data.queries.map((entry) => entry.endpointName),
      ['siteSettings', 'navigationCategories', 'friendLinks', 'article'],
    );
    // Nothing in the answers can end the script: the article's words arrive as they are.
    assert.equal(root[2]!.includes('</script>'), false);
    assert.deepEqual(data.queries[3]!.value, {
      title: '执业药师继续教育学时登记办法</script><script>alert(1)</script>',
    });
    // The site's script hydrates (data-hydrate) on the first intent.
    assert.match(
      html,
      /<script defer src="\/site-takeover\.js" data-main="\/main\.0a1b2c3d\.js"[^>]* data-hydrate><\/script>/,
    );
  });

  test("/verify's answer goes after #root, outside what the browser hydrates", async () => {
    const html = await (await fetch(`${server.baseUrl}/verify`)).text();
    assert.match(
      html,
      /<\/div><script type="application\/json" id="yaoshi-hydration">[^<]*<\/script><script type="application\/json" id="verify-server-answer">\{\}<\/script>/,
    );
  });

  test('a version without it is rendered as before: its own <main> in the frame, no answers, no data-hydrate', async () => {
    await pin('0.1.0');
    const html = await (await fetch(`${server.baseUrl}${ARTICLE_PATH()}`)).text();
    assert.match(html, /<main><h1>执业药师继续教育学时登记办法<\/h1>/);
    assert.equal(html.includes('yaoshi-hydration'), false);
    assert.equal(html.includes('data-hydrate'), false);
  });
});
