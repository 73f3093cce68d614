import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import type { Advertisements, Article, ArticleList, Slide } from '@yaoshi/contracts/content';
import type { AdminArticle, AdminArticleList, ContentFile, HomeContent } from '@yaoshi/contracts/content-admin';
import { CONTENT_FILE_MAX_BYTES, CONTENT_MESSAGES } from '@yaoshi/contracts/content-admin-rules';
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@yaoshi/contracts/staff-roles';
import { auditRecords } from '../audit/audit-schema';
import { assertRefused, authed, dataOf, envelopeOf } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';

const M = CONTENT_MESSAGES;
const HOUR_MS = 60 * 60 * 1000;

/** The first bytes of each kind of file, with a little body: the server checks content, not only names. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 2)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 3)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let server: TestServer;
let editor: TestStaff;
let mediaDir: string;

before(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-content-'));
  server = await startTestServer({ config: { mediaDir } });
  editor = await signedInStaff(server, ['内容编辑']);
});
after(async () => {
  await server.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST', route: string, payload: Record<string, unknown> = {}) =>
  authed(server, editor.token, method, route, payload);
const change = async <T>(route: string, payload: Record<string, unknown>) =>
  dataOf(await call('POST', route, payload)) as T;

function upload(kind: 'image' | 'attachment', name: string, bytes: Buffer) {
  return call('POST', '/v1/admin/content/upload', { kind, name, file_base64: bytes.toString('base64') });
}

const publicList = async (catid: number, keyword?: string) =>
  dataOf(
    await server.call({
      method: 'GET',
      path: '/v1/article',
      payload: { catid, limit: 50, page: 1, ...(keyword ? { keyword } : {}) },
    }),
  ) as ArticleList;
const publicDetail = (postid: number) => server.call({ method: 'GET', path: '/v1/article', payload: { postid } });

async function lastAudit() {
  const [record] = await server.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
  return record!;
}

function mediaFileCount(): number {
  const folder = path.join(mediaDir, 'content');
  return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
}

test('an editor writes an article with an image and an attachment; the public sees it only once published, sanitized, with the attachment', async () => {
  const image = dataOf(await upload('image', '会场.png', PNG)) as ContentFile;
  assert.match(image.url, /^\/media\/content\/[0-9a-f]{32}\.png$/);
  assert.equal((await lastAudit()).action, 'content.upload');
  const attachment = dataOf(await upload('attachment', '报名表.pdf', PDF)) as ContentFile;

  const created = await change<AdminArticle>('/v1/admin/articles/create', {
    catid: 1,
    title: '年会通知（测试）',
    author: '秘书处',
    content: `<p>正文</p><img src="${image.url}" alt="会场"><script>alert(1)</script><img src="x" onerror="alert(2)">`,
    attachment_ids: [attachment.id],
  });
  assert.equal(created.state, 'draft');
  assert.equal(created.published_time, null);
  assert.doesNotMatch(created.content, /script|onerror/, 'stored sanitized');
  assert.match(created.content, new RegExp(`<img src="${image.url}"`));
  assert.deepEqual(
    created.attachments.map((file) => file.name),
    ['报名表.pdf'],
  );
  const createdAudit = await lastAudit();
  assert.equal(createdAudit.action, 'article.create');
  assert.equal(createdAudit.actor, editor.username);

  // A draft is nobody's business but staff's.
  assert.ok(!(await publicList(1)).data.some((row) => row.id === created.id));
  assertRefused(await publicDetail(created.id), 404, '文章不存在');

  // The preview is what /v1/article will answer.
  assert.equal(created.public_view.title, '年会通知（测试）');
  assert.equal(created.public_view.content, created.content);
  assert.deepEqual(created.public_view.attachments, [{ name: '报名表.pdf', url: attachment.url, size: PDF.length }]);

  const published = await change<AdminArticle>('/v1/admin/articles/publish', { id: created.id });
  assert.equal(published.state, 'published');
  assert.equal(published.published_time, formatBeijingTime(server.clock.now()));
  assert.equal((await lastAudit()).action, 'article.publish');

  assert.equal((await publicList(1, '年会通知')).data[0]?.id, created.id);
  const detail = dataOf(await publicDetail(created.id)) as Article;
  assert.equal(detail.title, '年会通知（测试）');
  assert.doesNotMatch(detail.content, /script|onerror/);
  assert.deepEqual(detail.attachments, [{ name: '报名表.pdf', url: attachment.url, size: PDF.length }]);

  // The attachment downloads as the bytes uploaded, with its type.
  const file = await server.send(attachment.url);
  assert.equal(file.status, 200);
  assert.equal(file.headers.get('content-type'), 'application/pdf');
  assert.equal(file.body, PDF.toString('utf8'));

  // The console's list shows it with its state, time, attachments and views.
  const list = dataOf(
    await call('GET', '/v1/admin/articles', { catid: 1, keyword: '年会通知', page: 1, size: 20 }),
  ) as AdminArticleList;
  assert.equal(list.total, 1);
  assert.equal(list.rows[0]?.state, 'published');
  assert.equal(list.rows[0]?.attachments, 1);
  assert.equal(list.rows[0]?.hits, 1);
});

test('a scheduled article appears by itself once its time has passed; unpublished or deleted, it is gone', async () => {
  const created = await change<AdminArticle>('/v1/admin/articles/create', {
    catid: 2,
    title: '定时发布的指南',
    content: '<p>明天见</p>',
  });
  const at = formatBeijingTime(new Date(server.clock.now().getTime() + 2 * HOUR_MS));
  const scheduled = await change<AdminArticle>('/v1/admin/articles/publish', { id: created.id, at });
  assert.equal(scheduled.state, 'scheduled');
  assert.equal(scheduled.published_time, at);
  assert.ok(!(await publicList(2)).data.some((row) => row.id === created.id));
  assertRefused(await publicDetail(created.id), 404, '文章不存在');

  server.clock.advance(2 * HOUR_MS + 1000);
  // A staff session ends after 30 idle minutes (of the moved clock too).
  editor = await signedInStaff(server, ['内容编辑']);
  assert.equal((await publicList(2)).data[0]?.id, created.id, 'the newest of its category');
  assert.equal(envelopeOf(await publicDetail(created.id)).code, 200);

  await change('/v1/admin/articles/unpublish', { id: created.id });
  assert.equal((await lastAudit()).action, 'article.unpublish');
  assert.ok(!(await publicList(2)).data.some((row) => row.id === created.id));
  assertRefused(await publicDetail(created.id), 404, '文章不存在');

  await change('/v1/admin/articles/publish', { id: created.id });
  assert.equal(envelopeOf(await publicDetail(created.id)).code, 200);
  assert.equal(await change('/v1/admin/articles/delete', { id: created.id }), null);
  const deleted = await lastAudit();
  assert.equal(deleted.action, 'article.delete');
  assert.equal((deleted.before as { title: string }).title, '定时发布的指南');
  assert.ok(!(await publicList(2)).data.some((row) => row.id === created.id));
  assertRefused(await publicDetail(created.id), 404, '文章不存在');
  assertRefused(await call('GET', '/v1/admin/articles/detail', { id: created.id }), 404, M.articleNotFound);
});

test('a pinned article leads its category’s lists, the home page’s included', async () => {
  const oldest = (await publicList(3)).data.at(-1)!;
  await change('/v1/admin/articles/pin', { id: oldest.id, pinned: true });
  assert.equal((await lastAudit()).action, 'article.pin');
  const home = dataOf(
    await server.call({ method: 'GET', path: '/v1/article', payload: { catid: 3, limit: 7, page: 1 } }),
  ) as ArticleList;
  assert.equal(home.data[0]?.id, oldest.id);
  await change('/v1/admin/articles/pin', { id: oldest.id, pinned: false });
  assert.notEqual((await publicList(3)).data[0]?.id, oldest.id);
});

test('editing replaces the text and the attachments, audited with before and after', async () => {
  const first = dataOf(await upload('attachment', '旧表.docx', DOCX)) as ContentFile;
  const second = dataOf(await upload('attachment', '新表.pdf', PDF)) as ContentFile;
  const created = await change<AdminArticle>('/v1/admin/articles/create', {
    catid: 4,
    title: '初稿',
    content: '<p>一</p>',
    attachment_ids: [first.id],
  });
  const updated = await change<AdminArticle>('/v1/admin/articles/update', {
    id: created.id,
    catid: 5,
    title: '定稿',
    source: '本会',
    excerpt: '摘要',
    content: '<h2>二</h2><p><a href="javascript:alert(1)">链接</a></p>',
    attachment_ids: [second.id, first.id],
  });
  assert.equal(updated.catid, 5);
  assert.doesNotMatch(updated.content, /javascript/);
  assert.deepEqual(
    updated.attachments.map((file) => file.name),
    ['新表.pdf', '旧表.docx'],
  );
  const record = await lastAudit();
  assert.equal(record.action, 'article.update');
  assert.equal((record.before as { title: string }).title, '初稿');
  assert.equal((record.after as { title: string }).title, '定稿');
});

test('bad input of every kind is refused in Chinese with a 4xx, and nothing is written', async () => {
  const image = dataOf(await upload('image', '图.png', PNG)) as ContentFile;
  const [article] = (await publicList(1)).data;
  const before = await databaseFingerprint(server.db);
  const filesBefore = mediaFileCount();
  const valid = { catid: 1, title: '标题', content: '<p>正文</p>' };
  const refusals: [string, Record<string, unknown>, number, string | RegExp][] = [
    ['/v1/admin/articles/create', { ...valid, title: '' }, 400, M.titleRequired],
    ['/v1/admin/articles/create', { ...valid, title: '长'.repeat(101) }, 400, M.titleTooLong],
    ['/v1/admin/articles/create', { ...valid, content: '' }, 400, M.contentRequired],
    ['/v1/admin/articles/create', { ...valid, catid: 999 }, 400, M.categoryUnknown],
    ['/v1/admin/articles/create', { ...valid, catid: 'one' }, 400, /./],
    ['/v1/admin/articles/create', { ...valid, attachment_ids: [999_999] }, 400, M.attachmentUnknown],
    ['/v1/admin/articles/create', { ...valid, attachment_ids: [image.id] }, 400, M.attachmentUnknown],
    ['/v1/admin/articles/create', { ...valid, attachment_ids: 'x' }, 400, /./],
    ['/v1/admin/articles/create', { ...valid, extra: 1 }, 400, /./],
    ['/v1/admin/articles/update', { ...valid, id: 999_999 }, 404, M.articleNotFound],
    ['/v1/admin/articles/publish', { id: 999_999 }, 404, M.articleNotFound],
    ['/v1/admin/articles/publish', { id: article!.id, at: '2025-02-30 10:00:00' }, 400, M.publishTimeInvalid],
    ['/v1/admin/articles/publish', { id: article!.id, at: '明天' }, 400, M.publishTimeInvalid],
    ['/v1/admin/articles/unpublish', { id: 999_999 }, 404, M.articleNotFound],
    ['/v1/admin/articles/pin', { id: article!.id, pinned: 'yes' }, 400, /./],
    ['/v1/admin/articles/delete', { id: -1 }, 400, /./],
    [
      '/v1/admin/content/upload',
      { kind: 'attachment', name: '病毒.pdf', file_base64: EXE.toString('base64') },
      400,
      M.fileContentMismatch,
    ],
    [
      '/v1/admin/content/upload',
      { kind: 'attachment', name: '程序.exe', file_base64: EXE.toString('base64') },
      400,
      M.attachmentTypeInvalid,
    ],
    [
      '/v1/admin/content/upload',
      { kind: 'image', name: '图.svg', file_base64: SVG.toString('base64') },
      400,
      M.imageTypeInvalid,
    ],
    [
      '/v1/admin/content/upload',
      { kind: 'image', name: '表.pdf', file_base64: PDF.toString('base64') },
      400,
      M.imageTypeInvalid,
    ],
    ['/v1/admin/content/upload', { kind: 'image', name: '图.png', file_base64: '不是base64!' }, 400, /./],
    [
      '/v1/admin/content/upload',
      { kind: 'image', name: '../图.png', file_base64: PNG.toString('base64') },
      400,
      M.fileNameInvalid,
    ],
    ['/v1/admin/content/upload', { kind: 'video', name: '图.png', file_base64: PNG.toString('base64') }, 400, /./],
    [
      '/v1/admin/content/upload',
      {
        kind: 'attachment',
        name: '大.pdf',
        file_base64: Buffer.concat([PDF, Buffer.alloc(CONTENT_FILE_MAX_BYTES)]).toString('base64'),
      },
      400,
      M.fileTooLarge,
    ],
    [
      '/v1/admin/home/slides/save',
      { slides: [{ title: '', image: '/media/a.png', url: '', enabled: true }] },
      400,
      M.slideTitleRequired,
    ],
    [
      '/v1/admin/home/slides/save',
      { slides: [{ title: '图', image: 'javascript:alert(1)', url: '', enabled: true }] },
      400,
      M.imageUrlInvalid,
    ],
    [
      '/v1/admin/home/slides/save',
      { slides: [{ title: '图', image: image.url, url: 'javascript:alert(1)', enabled: true }] },
      400,
      M.linkInvalid,
    ],
    [
      '/v1/admin/home/quick_links/save',
      { quick_links: [{ label: '入口', url: '//evil.example', enabled: true }] },
      400,
      M.linkInvalid,
    ],
    [
      '/v1/admin/home/ads/save',
      {
        text_ad: { content: '', enabled: true, starts_on: null, ends_on: null },
        image_ad: { image_url: '', link_url: '', enabled: false, starts_on: null, ends_on: null },
      },
      400,
      M.textAdRequired,
    ],
    [
      '/v1/admin/home/ads/save',
      {
        text_ad: { content: '<p>广告</p>', enabled: true, starts_on: '2025-06-20', ends_on: '2025-06-10' },
        image_ad: { image_url: '', link_url: '', enabled: false, starts_on: null, ends_on: null },
      },
      400,
      M.dateRangeInvalid,
    ],
  ];
  for (const [route, payload, code, message] of refusals) {
    const response = await call('POST', route, payload);
    assert.equal(envelopeOf(response).code, code, `${route} ${JSON.stringify(payload).slice(0, 90)}`);
    assertRefused(response, code, message);
  }
  const afterwards = await databaseFingerprint(server.db);
  // Each request's nonce is recorded before anything else is looked at (replay protection).
  delete afterwards['request_nonces'];
  delete before['request_nonces'];
  assert.deepEqual(afterwards, before, 'no row written');
  assert.equal(mediaFileCount(), filesBefore, 'no file written');
});

test('the home page shows what staff saved: slides in order and switched on, advertisements within their dates, quick links', async () => {
  const image = dataOf(await upload('image', '轮播.png', PNG)) as ContentFile;
  const saved = await change<HomeContent>('/v1/admin/home/slides/save', {
    slides: [
      { title: '第二张变第一', image: image.url, url: '/newsList?newsId=1', enabled: true },
      { title: '暂停的', image: image.url, url: '', enabled: false },
      { title: '外站', image: 'https://example.org/a.png', url: 'https://example.org/', enabled: true },
    ],
  });
  assert.equal(saved.slides.length, 3);
  assert.equal((await lastAudit()).action, 'home.slides-update');
  const slides = dataOf(await server.call({ method: 'GET', path: '/v1/slide' })) as Slide[];
  assert.deepEqual(
    slides.map((slide) => slide.title),
    ['第二张变第一', '外站'],
  );

  const today = formatBeijingTime(server.clock.now()).slice(0, 10);
  await change<HomeContent>('/v1/admin/home/ads/save', {
    text_ad: { content: '<p>报名开始</p><script>x()</script>', enabled: true, starts_on: today, ends_on: today },
    image_ad: { image_url: image.url, link_url: '/signStudy', enabled: true, starts_on: '2099-01-01', ends_on: null },
  });
  assert.equal((await lastAudit()).action, 'home.ads-update');
  let ads = dataOf(await server.call({ method: 'GET', path: '/v1/adv' })) as Advertisements;
  assert.deepEqual(ads.textAdv, { content: '<p>报名开始</p>' });
  assert.equal(ads.imgAdv, null, 'not before its first day');

  await change<HomeContent>('/v1/admin/home/ads/save', {
    text_ad: { content: '<p>报名开始</p>', enabled: false, starts_on: null, ends_on: null },
    image_ad: { image_url: image.url, link_url: '/signStudy', enabled: true, starts_on: null, ends_on: today },
  });
  ads = dataOf(await server.call({ method: 'GET', path: '/v1/adv' })) as Advertisements;
  assert.equal(ads.textAdv, null, 'switched off');
  assert.deepEqual(ads.imgAdv, { img_url: image.url, url: '/signStudy' });
  server.clock.advance(24 * HOUR_MS);
  editor = await signedInStaff(server, ['内容编辑']);
  ads = dataOf(await server.call({ method: 'GET', path: '/v1/adv' })) as Advertisements;
  assert.equal(ads.imgAdv, null, 'not after its last day');
  const home = dataOf(await call('GET', '/v1/admin/home')) as HomeContent;
  assert.equal(home.text_ad.content, '<p>报名开始</p>', 'kept while switched off');

  await change<HomeContent>('/v1/admin/home/quick_links/save', {
    quick_links: [
      { label: '学分查询', url: '/newDetail?api=credit', enabled: true },
      { label: '旧入口', url: '/notice', enabled: false },
      { label: '执业药师注册', url: 'https://www.cqlp.org.cn/', enabled: true },
    ],
  });
  assert.equal((await lastAudit()).action, 'home.quick-links-update');
  assert.deepEqual(dataOf(await server.call({ method: 'GET', path: '/v1/quick_links' })), [
    { label: '学分查询', url: '/newDetail?api=credit' },
    { label: '执业药师注册', url: 'https://www.cqlp.org.cn/' },
  ]);
});

test('only staff with content.edit reach these calls; learners and visitors are refused', async () => {
  const routes: ['GET' | 'POST', string, Record<string, unknown>][] = [
    ['GET', '/v1/admin/articles', { catid: 1 }],
    ['GET', '/v1/admin/home', {}],
    ['POST', '/v1/admin/articles/create', { catid: 1, title: '越权', content: '<p>x</p>' }],
    ['POST', '/v1/admin/content/upload', { kind: 'image', name: 'a.png', file_base64: PNG.toString('base64') }],
  ];
  const before = await databaseFingerprint(server.db);
  for (const role of STAFF_ROLES.filter((candidate) => !ROLE_PERMISSIONS[candidate].includes('content.edit'))) {
    const other = await signedInStaff(server, [role]);
    for (const [method, route, payload] of routes)
      assert.equal(envelopeOf(await authed(server, other.token, method, route, payload)).code, 403, `${role} ${route}`);
  }
  for (const [method, route, payload] of routes)
    assert.equal(envelopeOf(await server.call({ method, path: route, payload })).code, 401, route);
  const afterwards = await databaseFingerprint(server.db);
  assert.equal(afterwards['articles'], before['articles']);
  assert.equal(afterwards['content_files'], before['content_files']);
});
