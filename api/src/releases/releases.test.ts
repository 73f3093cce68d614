import { after, before, describe, test } from 'node:test';
import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ReleaseManifest, RouteEntry } from '@yaoshi/contracts/release-manifest';
import { movableClock } from '../clock';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { openSession } from '../accounts/sessions';
import { learners } from '../accounts/accounts-schema';
import { seedMissing } from '../seed/seed';
import { TEST_START } from '../test-support/test-server';
import { SHARED_BUILT, SHELL_PROVIDES } from '../test-support/release-builds';
import { VISITOR_COOKIE, canaryBucket } from './canary';
import { releaseConfigFromEnv } from './release-config';
import { importBuiltRemotes } from './registry-builds';
import { ensureEnvironments } from './registry-core';
import { pinsDocument } from './registry-visitors';
import { registerReleaseRoutes } from './release-routes';
import { releaseVersions } from './releases-schema';

/**
 * The release registry over real HTTP on a private database and a temporary site folder:
 * publish, the compatibility checks, pins and their history, canaries, overrides, reports
 * and who may do what.
 */

/** The pages the live shell renders itself (its build writes them into shell-manifest.json). */
const SHELL_PAGES = ['/studentsNote', '/myInfo', '/agreement', '/assessment', '/onlineTeaching'];

const ALICE = 'alice-token-0123456789';
const BOB = 'bob-token-abcdefghijkl';

interface Build {
  remote?: string;
  federationName?: string;
  version: string;
  routes?: RouteEntry[];
  exposes?: string[];
  shared?: Record<string, string>;
  text?: string;
}

const page = (routePath: string, exposed: string): RouteEntry => ({
  path: routePath,
  area: 'public',
  exposed,
  loginRequired: false,
});

function buildFiles(build: Build): { path: string; base64: string }[] {
  const manifest: ReleaseManifest = {
    remote: build.remote ?? 'news',
    federationName: build.federationName ?? 'news',
    section: '资讯',
    version: build.version,
    exposes: build.exposes ?? ['Home', 'List'],
    routes: build.routes ?? [page('/news', 'Home'), page('/news-list', 'List')],
    shared: build.shared ?? SHARED_BUILT,
  };
  const files: Record<string, string> = {
    'release-manifest.json': JSON.stringify(manifest),
    'mf-manifest.json': JSON.stringify({ name: manifest.federationName }),
    'remoteEntry.js': `var ${manifest.federationName} = ${JSON.stringify(build.text ?? 'v' + build.version)};`,
    'static/js/home.js': 'console.log(1)',
  };
  return Object.entries(files).map(([file, content]) => ({
    path: file,
    base64: Buffer.from(content).toString('base64'),
  }));
}

interface Envelope {
  code: number;
  message: string;
  data: Record<string, unknown>;
}

let database: DatabaseHandle;
let app: FastifyInstance;
let baseUrl: string;
let siteDir: string;
let learnerToken: string;
const clock = movableClock(TEST_START);

async function call(
  method: string,
  url: string,
  options: { token?: string | null; body?: unknown; cookie?: string; address?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.address) headers['x-forwarded-for'] = options.address;
  const token = options.token === undefined ? ALICE : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: Envelope;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    body = { code: response.status, message: text, data: {} };
  }
  return { status: response.status, headers: response.headers, body };
}

const publish = (build: Build, token?: string | null) =>
  call('POST', `/v1/releases/publish/${build.remote ?? 'news'}`, { token, body: { files: buildFiles(build) } });
const pin = (remote: string, version: string, extra: Record<string, unknown> = {}, token?: string | null) =>
  call('POST', '/v1/releases/pin', { token, body: { remote, version, reason: '发布新版', ...extra } });

/** Deploys a shell into the site folder: its shell-manifest.json is what the registry checks against. */
function writeLiveShell(provides: Record<string, string> = SHELL_PROVIDES, pages: string[] = SHELL_PAGES): void {
  fs.writeFileSync(path.join(siteDir, 'shell-manifest.json'), JSON.stringify({ version: '0.1.0', provides, pages }));
}

before(async () => {
  database = await openTestDatabase((db) => seedMissing(db, clock).then(() => undefined));
  await ensureEnvironments(database.db);
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-releases-'));
  writeLiveShell();
  // Behind a proxy: a test may play visitors on several addresses (x-forwarded-for).
  app = Fastify({ trustProxy: true });
  await registerReleaseRoutes(app, {
    db: database.db,
    clock,
    siteDir,
    // One test address plays every visitor here; the per-address bound has tests of its own.
    config: releaseConfigFromEnv(
      { RELEASE_TOKENS: `alice:${ALICE},bob:${BOB}`, RELEASE_REPORTS_PER_ADDRESS: '1000' },
      false,
    ),
    secret: 'test-media-secret',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const [learner] = await database.db.select({ id: learners.id }).from(learners).limit(1);
  assert.ok(learner, 'the seed has a learner');
  learnerToken = await openSession(database.db, clock, learner.id);
});

after(async () => {
  await app.close();
  await database.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

describe('publish', () => {
  test('uploads a version into the site storage and registers the remote; the same again changes nothing', async () => {
    const first = await publish({ version: '1.0.0' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.data.changed, true);
    assert.match(String(first.body.data.contentHash), /^sha256:[0-9a-f]{64}$/);
    assert.equal(
      fs.readFileSync(path.join(siteDir, 'remotes/news/1.0.0/remoteEntry.js'), 'utf8'),
      'var news = "v1.0.0";',
    );
    const again = await publish({ version: '1.0.0' });
    assert.equal(again.status, 200);
    assert.equal(again.body.data.changed, false);
  });

  test('the same version number with other content is refused and the files stay as published', async () => {
    const refused = await publish({ version: '1.0.0', text: 'changed' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'news 1.0.0 已发布且内容不同：已发布的版本不可覆盖，请提升版本号');
    assert.equal(
      fs.readFileSync(path.join(siteDir, 'remotes/news/1.0.0/remoteEntry.js'), 'utf8'),
      'var news = "v1.0.0";',
    );
  });

  test('a shared singleton outside the live shell’s range is refused, naming the remote, the package and both versions', async () => {
    const refused = await publish({ version: '1.0.1', shared: { ...SHARED_BUILT, react: '18.3.1' } });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'news 1.0.1 与线上外壳不兼容：react 构建版本 18.3.1，外壳提供 ^19.2.0');
    const antd = await publish({
      version: '1.0.1',
      shared: { ...SHARED_BUILT, antd: '5.9.0', '@yaoshi/api-client': '0.2.0' },
    });
    assert.deepEqual(antd.body.data.problems, [
      'news 1.0.1 与线上外壳不兼容：antd 构建版本 5.9.0，外壳提供 ^6.6.8',
      'news 1.0.1 与线上外壳不兼容：@yaoshi/api-client 构建版本 0.2.0，外壳提供 ^0.1.0',
    ]);
    assert.equal(fs.existsSync(path.join(siteDir, 'remotes/news/1.0.1')), false);
  });

  test('a route naming a module the version does not expose is refused', async () => {
    const refused = await publish({
      version: '1.0.1',
      routes: [page('/news', 'Home'), page('/news-archive', 'Archive')],
    });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'news 1.0.1 的路由 /news-archive 指向未暴露的模块 Archive');
  });

  test('a route another live remote owns, or one of the shell’s own pages, is refused', async () => {
    assert.equal((await publish({ version: '1.0.0' })).status, 200);
    assert.equal((await pin('news', '1.0.0')).status, 200);
    const clash = await publish({
      remote: 'events',
      federationName: 'events',
      version: '0.1.0',
      routes: [page('/news', 'Home')],
    });
    assert.equal(clash.status, 409);
    assert.equal(clash.body.message, 'events 0.1.0 的路由 /news 与 news 1.0.0 冲突');
    const shellPage = await publish({
      remote: 'events',
      federationName: 'events',
      version: '0.1.0',
      routes: [page('/myInfo', 'Home')],
    });
    assert.equal(shellPage.body.message, 'events 0.1.0 的路由 /myInfo 是外壳自己的页面');
    // A remote routing inside its own pages claims a whole prefix: a page below it clashes too.
    const prefix = await publish({
      remote: 'events',
      federationName: 'events',
      version: '0.1.0',
      routes: [page('/news/*', 'Home')],
    });
    assert.equal(prefix.body.message, 'events 0.1.0 的路由 /news/* 与 news 1.0.0 冲突');
  });

  test('a federation name another remote uses is refused; an unsafe file path is refused', async () => {
    const taken = await publish({
      remote: 'events',
      federationName: 'news',
      version: '0.1.0',
      routes: [page('/events', 'Home')],
    });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.message, '联邦名称 news 已被 news 使用');
    const files = [...buildFiles({ version: '9.0.0' }), { path: '../escape.js', base64: '' }];
    const unsafe = await call('POST', '/v1/releases/publish/news', { body: { files } });
    assert.equal(unsafe.status, 400);
    assert.equal(unsafe.body.message, '文件路径不合法：../escape.js');
  });
});

describe('pins, rollback, canary, promote, history', () => {
  test('pin, pin again, roll back; every move is in the history with who, from → to and why', async () => {
    assert.equal(
      (await publish({ remote: 'shop', federationName: 'shop', version: '1.0.0', routes: [page('/shop', 'Home')] }))
        .status,
      200,
    );
    assert.equal(
      (
        await publish({
          remote: 'shop',
          federationName: 'shop',
          version: '1.1.0',
          routes: [page('/shop', 'Home'), page('/shop-new', 'List')],
        })
      ).status,
      200,
    );
    assert.equal((await pin('shop', '1.0.0', { reason: '首发' })).status, 200);
    const moved = await pin('shop', '1.1.0', { reason: '新增页面' }, BOB);
    assert.deepEqual(moved.body.data, { environment: 'production', remote: 'shop', from: '1.0.0', to: '1.1.0' });
    let pins = (await call('GET', '/remotes.json', { token: null })).body as unknown as Record<
      string,
      { version: string; routes: RouteEntry[] }
    >;
    assert.equal(pins.shop?.version, '1.1.0');
    assert.deepEqual(
      pins.shop?.routes.map((r) => r.path),
      ['/shop', '/shop-new'],
    );

    assert.equal((await pin('shop', '1.1.0')).body.message, 'shop 已固定在 1.1.0');
    assert.equal(
      (await call('POST', '/v1/releases/pin', { body: { remote: 'shop', version: '1.0.0' } })).body.message,
      '请填写原因（--reason）',
    );
    assert.equal((await pin('shop', '3.0.0')).body.message, 'shop 没有已发布的版本 3.0.0');

    const back = await call('POST', '/v1/releases/rollback', { body: { remote: 'shop', reason: '新页面有误' } });
    assert.deepEqual(back.body.data, { environment: 'production', remote: 'shop', from: '1.1.0', to: '1.0.0' });
    pins = (await call('GET', '/remotes.json', { token: null })).body as unknown as typeof pins;
    assert.equal(pins.shop?.version, '1.0.0');

    const history = await call('GET', '/v1/releases/history?remote=shop');
    assert.deepEqual(
      (
        history.body.data.history as {
          action: string;
          from: string | null;
          to: string;
          actor: string;
          reason: string;
        }[]
      ).map(({ action, from, to, actor, reason }) => ({ action, from, to, actor, reason })),
      [
        { action: 'rollback', from: '1.1.0', to: '1.0.0', actor: 'alice', reason: '新页面有误' },
        { action: 'pin', from: '1.0.0', to: '1.1.0', actor: 'bob', reason: '新增页面' },
        { action: 'pin', from: null, to: '1.0.0', actor: 'alice', reason: '首发' },
      ],
    );
  });

  test('environments are separate: staging moves, production stays', async () => {
    assert.equal((await pin('shop', '1.1.0', { env: 'staging' })).status, 200);
    const staging = (await call('GET', '/remotes.json?env=staging', { token: null })).body as unknown as Record<
      string,
      { version: string }
    >;
    const production = (await call('GET', '/remotes.json', { token: null })).body as unknown as Record<
      string,
      { version: string }
    >;
    assert.equal(staging.shop?.version, '1.1.0');
    assert.equal(production.shop?.version, '1.0.0');
    assert.equal(
      (await pin('shop', '1.1.0', { env: 'qa' })).body.message,
      '未知的环境：qa（可用：staging、production）',
    );
  });

  test('the pins document may be cached a minute at most, per visitor', async () => {
    const response = await call('GET', '/remotes.json', { token: null });
    assert.equal(response.headers.get('cache-control'), 'private, max-age=60');
    assert.match(response.headers.get('vary') ?? '', /Cookie/);
    assert.match(response.headers.get('set-cookie') ?? '', /^yaoshi_vid=[0-9a-f-]{36};/);
  });

  test('a canary gives its share the new version; promote makes it the pin; the history says so', async () => {
    const started = await call('POST', '/v1/releases/canary', {
      body: { remote: 'shop', version: '1.1.0', percent: 30 },
    });
    assert.deepEqual(started.body.data, {
      environment: 'production',
      remote: 'shop',
      version: '1.1.0',
      percent: 30,
      unchanged: false,
    });
    const status = await call('GET', '/v1/releases/status');
    const shop = (status.body.data.remotes as { remote: string; pinned: string; canary: unknown }[]).find(
      (r) => r.remote === 'shop',
    );
    assert.deepEqual(
      { pinned: shop?.pinned, canary: shop?.canary },
      { pinned: '1.0.0', canary: { version: '1.1.0', percent: 30 } },
    );
    assert.equal(
      (await call('POST', '/v1/releases/canary', { body: { remote: 'shop', version: '1.1.0', percent: 0 } })).body
        .message,
      '灰度比例须为 1–99 的整数',
    );

    const promoted = await call('POST', '/v1/releases/promote', { body: { remote: 'shop', reason: '灰度无异常' } });
    assert.deepEqual(promoted.body.data, { environment: 'production', remote: 'shop', from: '1.0.0', to: '1.1.0' });
    const after = await call('GET', '/v1/releases/status');
    assert.equal(
      (after.body.data.remotes as { remote: string; canary: unknown }[]).find((r) => r.remote === 'shop')?.canary,
      null,
    );
    const history = (await call('GET', '/v1/releases/history?remote=shop')).body.data.history as { action: string }[];
    assert.deepEqual(
      history.slice(0, 2).map((h) => h.action),
      ['promote', 'canary'],
    );
    assert.equal(
      (await call('POST', '/v1/releases/promote', { body: { remote: 'shop' } })).body.message,
      'shop 没有进行中的灰度',
    );
  });

  test('1,000 visitors land within ±3 points of the canary share, and each always gets the same version', async () => {
    for (const percent of [10, 50]) {
      assert.equal(
        (await call('POST', '/v1/releases/canary', { body: { remote: 'shop', version: '1.0.0', percent } })).status,
        200,
      );
      const ids = Array.from({ length: 1000 }, (_, i) => `browser:visitor-${i}`);
      const first = await Promise.all(
        ids.map(async (id) => (await pinsDocument(database.db, 'production', { id })).shop?.version),
      );
      const share = (first.filter((v) => v === '1.0.0').length / ids.length) * 100;
      assert.ok(Math.abs(share - percent) <= 3, `share ${share} % for ${percent} %`);
      const again = await Promise.all(
        ids.slice(0, 200).map(async (id) => (await pinsDocument(database.db, 'production', { id })).shop?.version),
      );
      assert.deepEqual(again, first.slice(0, 200));
    }
    // Over HTTP: by the browser cookie before login, by the learner once logged in.
    const cookie = 'yaoshi_vid=00000000-0000-4000-8000-000000000001';
    const byCookie = new Set<string>();
    for (let i = 0; i < 5; i += 1)
      byCookie.add(
        (
          (await call('GET', '/remotes.json', { token: null, cookie })).body as unknown as Record<
            string,
            { version: string }
          >
        ).shop!.version,
      );
    assert.equal(byCookie.size, 1);
    const asLearner = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const other = `yaoshi_vid=00000000-0000-4000-8000-00000000000${i}`;
      asLearner.add(
        (
          (await call('GET', '/remotes.json', { token: learnerToken, cookie: other })).body as unknown as Record<
            string,
            { version: string }
          >
        ).shop!.version,
      );
    }
    assert.equal(asLearner.size, 1, 'a learner keeps one version whatever browser id comes with the request');
    assert.ok(canaryBucket('shop', '1.0.0', 'x') >= 0);
    await call('POST', '/v1/releases/canary/end', { body: { remote: 'shop', reason: '测试结束' } });
  });
});

describe('failure reports and automatic rollback', () => {
  test('a canary failing past 2 % of at least 50 loads ends by itself, recorded in the history', async () => {
    assert.equal(
      (
        await publish({
          remote: 'shop',
          federationName: 'shop',
          version: '1.2.0',
          routes: [page('/shop', 'Home')],
          exposes: ['Home'],
        })
      ).status,
      200,
    );
    assert.equal(
      (await call('POST', '/v1/releases/canary', { body: { remote: 'shop', version: '1.2.0', percent: 20 } })).status,
      200,
    );
    // Ten browsers on five addresses load the canary five times each; five of them, one on
    // each address, see it fail to render once.
    const visitors = Array.from({ length: 10 }, (_, i) => ({
      cookie: `${VISITOR_COOKIE}=${randomUUID()}`,
      address: `10.9.0.${i % 5}`,
    }));
    const report = (visitor: (typeof visitors)[number], kind: string, count: number) =>
      call('POST', '/v1/releases/reports', {
        token: null,
        ...visitor,
        body: { reports: [{ remote: 'shop', version: '1.2.0', kind, count }] },
      });
    for (const visitor of visitors.slice(0, 5)) assert.equal((await report(visitor, 'load', 5)).status, 200);
    for (const visitor of visitors.slice(0, 5)) assert.equal((await report(visitor, 'render-error', 1)).status, 200);
    for (const visitor of visitors.slice(5, 9)) assert.equal((await report(visitor, 'load', 5)).status, 200);
    let status = (await call('GET', '/v1/releases/status')).body.data.remotes as {
      remote: string;
      canary: unknown;
      health: { version: string; loads: number; failures: number }[];
    }[];
    assert.deepEqual(
      status.find((r) => r.remote === 'shop')?.canary,
      { version: '1.2.0', percent: 20 },
      'under 50 loads: still running',
    );
    assert.equal((await report(visitors[9]!, 'load', 5)).status, 200);
    status = (await call('GET', '/v1/releases/status')).body.data.remotes as typeof status;
    const shop = status.find((r) => r.remote === 'shop');
    assert.equal(shop?.canary, null);
    assert.deepEqual(
      shop?.health.find((h) => h.version === '1.2.0'),
      { version: '1.2.0', loads: 50, failures: 5, failureRate: 0.1 },
    );
    const [last] = (await call('GET', '/v1/releases/history?remote=shop')).body.data.history as {
      action: string;
      actor: string;
      from: string;
      to: string;
      reason: string;
    }[];
    assert.deepEqual(
      { action: last?.action, actor: last?.actor, from: last?.from, to: last?.to },
      { action: 'auto-rollback', actor: 'system', from: '1.2.0', to: '1.1.0' },
    );
    assert.match(last?.reason ?? '', /失败率 10\.0%（5\/50 次加载，来自 5 个浏览器、5 个网络地址）超过阈值 2\.0%/);
  });

  test('one address cannot end a canary: claimed failures without loads, or many forged browsers, are no evidence', async () => {
    await publish({
      remote: 'shop',
      federationName: 'shop',
      version: '1.3.0',
      routes: [page('/shop', 'Home')],
      exposes: ['Home'],
    });
    assert.equal(
      (await call('POST', '/v1/releases/canary', { body: { remote: 'shop', version: '1.3.0', percent: 10 } })).status,
      200,
    );
    const running = async () =>
      ((await call('GET', '/v1/releases/status')).body.data.remotes as { remote: string; canary: unknown }[]).find(
        (r) => r.remote === 'shop',
      )?.canary;
    const report = (options: { cookie?: string; address: string }, kind: string, count: number) =>
      call('POST', '/v1/releases/reports', {
        token: null,
        ...options,
        body: { reports: [{ remote: 'shop', version: '1.3.0', kind, count }] },
      });
    // 200 honest loads from 8 browsers on 8 addresses, none failing.
    for (let i = 0; i < 8; i += 1)
      assert.equal(
        (await report({ cookie: `${VISITOR_COOKIE}=${randomUUID()}`, address: `10.8.0.${i}` }, 'load', 25)).status,
        200,
      );
    // The attack as found: one anonymous request claims 25 render errors.
    assert.equal((await report({ address: '203.0.113.7' }, 'render-error', 25)).status, 200);
    assert.deepEqual(await running(), { version: '1.3.0', percent: 10 });
    // With a browser id but no load of its own: still nothing.
    assert.equal(
      (await report({ cookie: `${VISITOR_COOKIE}=${randomUUID()}`, address: '203.0.113.7' }, 'render-error', 25))
        .status,
      200,
    );
    assert.deepEqual(await running(), { version: '1.3.0', percent: 10 });
    // Ten forged browser ids from that one address, each "loading" and failing: one address.
    for (let i = 0; i < 10; i += 1) {
      const forged = { cookie: `${VISITOR_COOKIE}=${randomUUID()}`, address: '203.0.113.7' };
      await report(forged, 'load', 5);
      await report(forged, 'render-error', 5);
    }
    assert.deepEqual(await running(), { version: '1.3.0', percent: 10 }, 'one address never ends a canary');
    assert.equal(
      (await call('POST', '/v1/releases/canary/end', { body: { remote: 'shop', reason: '演练结束' } })).status,
      200,
    );
  });

  test('reports are checked and carry nothing but remote, version, kind and count', async () => {
    const extra = await call('POST', '/v1/releases/reports', {
      token: null,
      body: { reports: [{ remote: 'shop', version: '1.2.0', kind: 'load', count: 1, learnerId: 5 }] },
    });
    assert.equal(extra.status, 400);
    const badKind = await call('POST', '/v1/releases/reports', {
      token: null,
      body: { reports: [{ remote: 'shop', version: '1.2.0', kind: 'crash', count: 1 }] },
    });
    assert.equal(badKind.status, 400);
  });

  test('one address may send RELEASE_REPORTS_PER_MINUTE batches a minute; more are refused until the minute is over', async () => {
    const limited = Fastify();
    await registerReleaseRoutes(limited, {
      db: database.db,
      clock,
      siteDir,
      config: releaseConfigFromEnv({ RELEASE_TOKENS: `alice:${ALICE}`, RELEASE_REPORTS_PER_MINUTE: '3' }, false),
      secret: 'test-media-secret',
    });
    const reports = { reports: [{ remote: 'shop', version: '1.2.0', kind: 'load', count: 1 }] };
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const answer = await limited.inject({ method: 'POST', url: '/v1/releases/reports', payload: reports });
        statuses.push(answer.statusCode);
      }
      assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
      clock.advance(60_000);
      const later = await limited.inject({ method: 'POST', url: '/v1/releases/reports', payload: reports });
      assert.equal(later.statusCode, 200);
    } finally {
      await limited.close();
    }
    assert.throws(
      () => releaseConfigFromEnv({ RELEASE_REPORTS_PER_MINUTE: 'many' }, false),
      /RELEASE_REPORTS_PER_MINUTE/,
    );
  });
});

describe('QA override', () => {
  test('the override link sets a signed cookie for an hour; that browser alone gets the version', async () => {
    const created = await call('POST', '/v1/releases/override', { body: { remote: 'shop', version: '1.0.0' } });
    assert.equal(created.status, 200);
    const link = String(created.body.data.path);
    const opened = await call('GET', link, { token: null });
    assert.equal(opened.status, 302);
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    assert.match(opened.headers.get('set-cookie') ?? '', /Max-Age=3600; HttpOnly/);
    const mine = (await call('GET', '/remotes.json', { token: null, cookie })).body as unknown as Record<
      string,
      { version: string; via: string }
    >;
    assert.deepEqual({ version: mine.shop?.version, via: mine.shop?.via }, { version: '1.0.0', via: 'override' });
    const others = (await call('GET', '/remotes.json', { token: null })).body as unknown as Record<
      string,
      { version: string; via: string }
    >;
    assert.deepEqual({ version: others.shop?.version, via: others.shop?.via }, { version: '1.1.0', via: 'pin' });
    const tampered = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    assert.equal(
      (
        (await call('GET', '/remotes.json', { token: null, cookie: tampered })).body as unknown as Record<
          string,
          { via: string }
        >
      ).shop?.via,
      'pin',
    );
    clock.advance(60 * 60 * 1000 + 1);
    assert.equal(
      ((await call('GET', '/remotes.json', { token: null, cookie })).body as unknown as Record<string, { via: string }>)
        .shop?.via,
      'pin',
    );
  });
});

describe('who may release', () => {
  const actions: [string, string, unknown][] = [
    ['POST', '/v1/releases/publish/news', { files: buildFiles({ version: '5.0.0' }) }],
    ['POST', '/v1/releases/pin', { remote: 'news', version: '1.0.0', reason: 'x' }],
    ['GET', '/v1/releases/history?remote=news', undefined],
    ['GET', '/v1/releases/status', undefined],
  ];

  test('a visitor, a learner or a wrong token can neither publish, pin nor read the history', async () => {
    for (const [method, url, body] of actions) {
      const visitor = await call(method, url, { token: null, body });
      assert.deepEqual([url, visitor.status, visitor.body.message], [url, 401, '缺少发布令牌（RELEASE_TOKEN）']);
      for (const token of [learnerToken, 'wrong-token-0123456789', `${ALICE}x`]) {
        const refused = await call(method, url, { token, body });
        assert.deepEqual([url, refused.status, refused.body.message], [url, 403, '发布令牌无效']);
      }
    }
    assert.equal(fs.existsSync(path.join(siteDir, 'remotes/news/5.0.0')), false);
  });

  test('in production without configured tokens releasing is closed; the development token is refused there', async () => {
    const closed = Fastify();
    await registerReleaseRoutes(closed, {
      db: database.db,
      clock,
      siteDir,
      config: releaseConfigFromEnv({}, true),
      secret: 's',
    });
    const response = await closed.inject({
      method: 'GET',
      url: '/v1/releases/status',
      headers: { authorization: 'Bearer dev-release-token' },
    });
    assert.equal(response.statusCode, 503);
    assert.equal(
      response.json<{ message: string }>().message,
      '服务器未配置发布令牌（RELEASE_TOKENS），发布功能已关闭',
    );
    await closed.close();
    assert.throws(
      () => releaseConfigFromEnv({ RELEASE_TOKENS: 'dev:dev-release-token' }, true),
      /public development token/,
    );
    assert.throws(() => releaseConfigFromEnv({ RELEASE_TOKENS: 'short:abc' }, false), /at least 16/);
  });
});

describe('the site’s own build', () => {
  test('only an empty registry is seeded from the built remotes; later files on disk register, pin and rewrite nothing', async () => {
    const handle = await openTestDatabase();
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-built-'));
    const writeBuild = (build: Build) => {
      const dir = path.join(site, 'remotes', build.remote ?? 'news', build.version);
      for (const file of buildFiles(build)) {
        fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
        fs.writeFileSync(path.join(dir, file.path), Buffer.from(file.base64, 'base64'));
      }
    };
    writeBuild({ version: '0.1.0' });
    fs.writeFileSync(path.join(site, 'remotes.json'), JSON.stringify({ news: { version: '0.1.0' } }));
    const deps = { db: handle.db, clock, siteDir: site };
    const first = await importBuiltRemotes(deps);
    assert.deepEqual(
      first.map((m) => [m.environment, m.from, m.to]),
      [
        ['staging', null, '0.1.0'],
        ['production', null, '0.1.0'],
      ],
    );
    assert.equal((await pinsDocument(handle.db, 'production', { id: 'x' })).news?.version, '0.1.0');
    const [seeded] = await handle.db.select().from(releaseVersions);
    assert.deepEqual(await importBuiltRemotes(deps), [], 'a restart with nothing new moves nothing');

    // A later `npm run build` (or a hand edit of remotes.json) on the server's disk: a new
    // version folder, remotes.json naming it, and the seeded version's files rebuilt.
    writeBuild({ version: '0.2.0' });
    fs.writeFileSync(path.join(site, 'remotes.json'), JSON.stringify({ news: { version: '0.2.0' } }));
    fs.writeFileSync(path.join(site, 'remotes/news/0.1.0/remoteEntry.js'), 'var news = "rebuilt";');
    assert.deepEqual(await importBuiltRemotes(deps), [], 'the next start moves no pin');
    for (const environment of ['staging', 'production'] as const)
      assert.equal((await pinsDocument(handle.db, environment, { id: 'x' })).news?.version, '0.1.0', environment);
    const versions = await handle.db.select().from(releaseVersions);
    assert.deepEqual(
      versions.map((v) => [v.version, v.contentHash, v.publishedAt.getTime()]),
      [['0.1.0', seeded?.contentHash, seeded?.publishedAt.getTime()]],
      'the new folder is not registered and the published record is not rewritten',
    );
    await handle.close();
    fs.rmSync(site, { recursive: true, force: true });
  });
});

describe('rollback walks back through the pin history', () => {
  const tools = (version: string, shared: Record<string, string> = SHARED_BUILT) =>
    publish({ remote: 'tools', federationName: 'tools', version, routes: [page('/tools', 'Home')], shared });
  const rollBack = () => call('POST', '/v1/releases/rollback', { body: { remote: 'tools', reason: '回退' } });
  const livePin = async () => (await pinsDocument(database.db, 'production', { id: 'x' })).tools?.version;

  test('a second rollback goes one step further back, never to the version already rolled back from', async () => {
    assert.equal((await tools('1.0.0', { ...SHARED_BUILT, react: '19.2.0' })).status, 200);
    assert.equal((await tools('1.1.0')).status, 200);
    assert.equal((await tools('1.2.0')).status, 200);
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) assert.equal((await pin('tools', version)).status, 200);

    assert.deepEqual((await rollBack()).body.data, {
      environment: 'production',
      remote: 'tools',
      from: '1.2.0',
      to: '1.1.0',
    });
    assert.deepEqual((await rollBack()).body.data, {
      environment: 'production',
      remote: 'tools',
      from: '1.1.0',
      to: '1.0.0',
    });
    assert.equal(await livePin(), '1.0.0');
    const nothing = await rollBack();
    assert.deepEqual([nothing.status, nothing.body.message], [409, 'tools 没有可回滚的上一个版本']);

    // A new pin on top: one rollback returns to the version it replaced.
    assert.equal((await pin('tools', '1.2.0')).status, 200);
    assert.deepEqual((await rollBack()).body.data, {
      environment: 'production',
      remote: 'tools',
      from: '1.2.0',
      to: '1.0.0',
    });
  });

  test('the version a rollback returns to is checked against the live shell like a pin', async () => {
    assert.equal((await pin('tools', '1.1.0')).status, 200);
    writeLiveShell({ ...SHELL_PROVIDES, react: '^19.3.0' });
    try {
      const refused = await rollBack();
      assert.deepEqual(
        [refused.status, refused.body.message],
        [409, 'tools 1.0.0 与线上外壳不兼容：react 构建版本 19.2.0，外壳提供 ^19.3.0'],
      );
      assert.equal(await livePin(), '1.1.0', 'the pin stays where it was');
    } finally {
      writeLiveShell();
    }
    assert.equal((await rollBack()).body.data.to, '1.0.0');
  });
});

describe('compatibility at pin time', () => {
  test('a pin is refused when the live shell changed after publish to a range the version does not fit', async () => {
    assert.equal(
      (await publish({ remote: 'tools', federationName: 'tools', version: '1.3.0', routes: [page('/tools', 'Home')] }))
        .status,
      200,
    );
    writeLiveShell({ ...SHELL_PROVIDES, react: '^20.0.0', antd: '^7.0.0' });
    try {
      const refused = await pin('tools', '1.3.0');
      assert.equal(refused.status, 409);
      assert.deepEqual(refused.body.data.problems, [
        'tools 1.3.0 与线上外壳不兼容：react 构建版本 19.3.1，外壳提供 ^20.0.0',
        'tools 1.3.0 与线上外壳不兼容：antd 构建版本 6.6.8，外壳提供 ^7.0.0',
      ]);
      const canary = await call('POST', '/v1/releases/canary', {
        body: { remote: 'tools', version: '1.3.0', percent: 10 },
      });
      assert.equal(canary.status, 409);
    } finally {
      writeLiveShell();
    }
    assert.equal((await pin('tools', '1.3.0')).status, 200);
  });

  test('two unpinned versions claiming one path both publish, but only the first can be pinned', async () => {
    const twin = (remote: string) =>
      publish({ remote, federationName: remote, version: '1.0.0', routes: [page('/twin', 'Home')], exposes: ['Home'] });
    assert.equal((await twin('left')).status, 200);
    assert.equal((await twin('right')).status, 200, 'neither is live yet: nothing collides at publish');
    assert.equal((await pin('left', '1.0.0')).status, 200);
    for (const env of ['production', 'staging']) {
      const refused = await pin('right', '1.0.0', { env });
      assert.deepEqual([refused.status, refused.body.message], [409, 'right 1.0.0 的路由 /twin 与 left 1.0.0 冲突']);
    }
    assert.equal((await pinsDocument(database.db, 'production', { id: 'x' })).right, undefined);
  });

  test('without a live shell manifest nothing can be proven: publish and pin are refused', async () => {
    fs.rmSync(path.join(siteDir, 'shell-manifest.json'));
    try {
      const published = await publish({
        remote: 'tools',
        federationName: 'tools',
        version: '1.4.0',
        routes: [page('/tools', 'Home')],
      });
      assert.deepEqual(
        [published.status, published.body.message],
        [409, '站点目录中没有可用的 shell-manifest.json（无法证明兼容）：请先构建并部署外壳'],
      );
      assert.equal(fs.existsSync(path.join(siteDir, 'remotes/tools/1.4.0')), false);
      assert.equal((await pin('tools', '1.1.0')).status, 409);
    } finally {
      writeLiveShell();
    }
  });

  test('the shell’s own pages are those its manifest names', async () => {
    writeLiveShell(SHELL_PROVIDES, [...SHELL_PAGES, '/shellNews']);
    try {
      const refused = await publish({
        remote: 'tools',
        federationName: 'tools',
        version: '1.4.0',
        routes: [page('/tools', 'Home'), page('/shellNews', 'List')],
      });
      assert.equal(refused.body.message, 'tools 1.4.0 的路由 /shellNews 是外壳自己的页面');
    } finally {
      writeLiveShell();
    }
  });
});

describe('check-shell: a new shell against the live remotes', () => {
  const checkShell = (manifest: unknown) => call('POST', '/v1/releases/check-shell', { body: manifest });

  test('a shell whose ranges fit every pinned and canary remote passes', async () => {
    const fits = await checkShell({ version: '0.2.0', provides: SHELL_PROVIDES, pages: SHELL_PAGES });
    assert.deepEqual([fits.status, fits.body.data], [200, { version: '0.2.0' }]);
  });

  test('a shell that would break a live remote is refused, naming the remote, the package and both versions', async () => {
    const refused = await checkShell({
      version: '0.2.0',
      provides: { ...SHELL_PROVIDES, 'react-router-dom': '^8.0.0' },
      pages: SHELL_PAGES,
    });
    assert.equal(refused.status, 409);
    const problems = refused.body.data.problems as string[];
    assert.ok(
      problems.includes('新外壳会破坏线上的 tools 1.3.0：react-router-dom 构建版本 7.18.5，新外壳提供 ^8.0.0'),
      problems.join('\n'),
    );
    for (const problem of problems)
      assert.match(problem, /^新外壳会破坏线上的 \S+ \S+：react-router-dom 构建版本 7\.18\.5，新外壳提供 \^8\.0\.0$/);
    assert.equal(refused.body.message, problems.join('；'));
    const dropped = await checkShell({
      version: '0.2.0',
      provides: Object.fromEntries(Object.entries(SHELL_PROVIDES).filter(([pkg]) => pkg !== 'antd')),
      pages: SHELL_PAGES,
    });
    assert.ok(
      (dropped.body.data.problems as string[]).includes(
        '新外壳会破坏线上的 tools 1.3.0：antd 构建版本 6.6.8，新外壳不再提供 antd',
      ),
    );
  });

  test('a shell page on a path a live remote owns is refused; a manifest without its pages is malformed', async () => {
    const refused = await checkShell({ version: '0.2.0', provides: SHELL_PROVIDES, pages: [...SHELL_PAGES, '/twin'] });
    assert.deepEqual(
      [refused.status, refused.body.message],
      [409, '新外壳的页面 /twin 与线上的 left 1.0.0 的路由 /twin 冲突'],
    );
    const old = await checkShell({ version: '0.2.0', provides: SHELL_PROVIDES });
    assert.equal(old.status, 400);
  });
});

describe('failure counts per environment and per canary', () => {
  const reportTo = (target: FastifyInstance, address: string, lines: Record<string, unknown>[], visitor?: string) =>
    target.inject({
      method: 'POST',
      url: '/v1/releases/reports',
      remoteAddress: address,
      payload: { reports: lines },
      ...(visitor ? { headers: { cookie: `${VISITOR_COOKIE}=${visitor}` } } : {}),
    });
  /** Five browsers on five addresses, each loading the version ten times and failing once. */
  const fiveFailingVisitors = async (target: FastifyInstance, remote: string, version: string, network: string) => {
    for (let i = 0; i < 5; i += 1)
      await reportTo(
        target,
        `${network}.${i}`,
        [line(remote, version, 'load', 9), line(remote, version, 'load-error', 1)],
        randomUUID(),
      );
  };
  const line = (remote: string, version: string, kind: string, count: number) => ({ remote, version, kind, count });
  const healthOf = async (remote: string, version: string, env = 'production') => {
    const status = await call('GET', `/v1/releases/status?env=${env}`);
    const entry = (
      status.body.data.remotes as {
        remote: string;
        canary: unknown;
        health: { version: string; loads: number; failures: number }[];
      }[]
    ).find((r) => r.remote === remote);
    const health = entry?.health.find((h) => h.version === version);
    return { canary: entry?.canary ?? null, loads: health?.loads ?? 0, failures: health?.failures ?? 0 };
  };

  test('a staging and a production canary of one version keep their own counts; loads before a canary start over', async () => {
    const staging = Fastify();
    await registerReleaseRoutes(staging, {
      db: database.db,
      clock,
      siteDir,
      config: releaseConfigFromEnv(
        { RELEASE_TOKENS: `alice:${ALICE}`, RELEASE_ENV: 'staging', RELEASE_REPORTS_PER_ADDRESS: '1000' },
        false,
      ),
      secret: 'test-media-secret',
    });
    try {
      assert.equal(
        (
          await publish({
            remote: 'gauge',
            federationName: 'gauge',
            version: '1.0.0',
            routes: [page('/gauge', 'Home')],
            exposes: ['Home'],
          })
        ).status,
        200,
      );
      assert.equal(
        (
          await publish({
            remote: 'gauge',
            federationName: 'gauge',
            version: '1.1.0',
            routes: [page('/gauge', 'Home')],
            exposes: ['Home'],
          })
        ).status,
        200,
      );
      for (const env of ['production', 'staging']) assert.equal((await pin('gauge', '1.0.0', { env })).status, 200);
      // QA looked at 1.1.0 on production before its canary: 500 clean loads.
      for (let i = 0; i < 5; i += 1) await reportTo(app, '198.51.100.1', [line('gauge', '1.1.0', 'load', 100)]);
      assert.deepEqual(await healthOf('gauge', '1.1.0'), { canary: null, loads: 500, failures: 0 });

      for (const env of ['production', 'staging'])
        assert.equal(
          (await call('POST', '/v1/releases/canary', { body: { remote: 'gauge', version: '1.1.0', percent: 20, env } }))
            .status,
          200,
        );
      assert.deepEqual(await healthOf('gauge', '1.1.0'), {
        canary: { version: '1.1.0', percent: 20 },
        loads: 0,
        failures: 0,
      });

      // Staging's visitors fail: staging's canary ends, production's is untouched.
      await fiveFailingVisitors(staging, 'gauge', '1.1.0', '198.51.100');
      assert.deepEqual(await healthOf('gauge', '1.1.0', 'staging'), { canary: null, loads: 50, failures: 5 });
      assert.deepEqual(await healthOf('gauge', '1.1.0'), {
        canary: { version: '1.1.0', percent: 20 },
        loads: 0,
        failures: 0,
      });

      // Production's own 5 failures in 50 loads end it: the 500 earlier loads no longer dilute them.
      await fiveFailingVisitors(app, 'gauge', '1.1.0', '192.0.2');
      assert.deepEqual(await healthOf('gauge', '1.1.0'), { canary: null, loads: 50, failures: 5 });
      const [last] = (await call('GET', '/v1/releases/history?remote=gauge')).body.data.history as {
        action: string;
        environment: string;
      }[];
      assert.deepEqual([last?.action, last?.environment], ['auto-rollback', 'production']);
    } finally {
      await staging.close();
    }
  });

  test('one address cannot end a canary: what it adds per canary is bounded, and a line’s count is capped', async () => {
    const bounded = Fastify();
    await registerReleaseRoutes(bounded, {
      db: database.db,
      clock,
      siteDir,
      config: releaseConfigFromEnv({ RELEASE_TOKENS: `alice:${ALICE}` }, false),
      secret: 'test-media-secret',
    });
    try {
      assert.equal(
        (await call('POST', '/v1/releases/canary', { body: { remote: 'gauge', version: '1.1.0', percent: 20 } }))
          .status,
        200,
      );
      const flood = Array.from({ length: 50 }, () => line('gauge', '1.1.0', 'load-error', 100));
      for (let i = 0; i < 5; i += 1) assert.equal((await reportTo(bounded, '203.0.113.7', flood)).statusCode, 200);
      assert.deepEqual(
        await healthOf('gauge', '1.1.0'),
        { canary: { version: '1.1.0', percent: 20 }, loads: 25, failures: 25 },
        'one address adds at most 25 (RELEASE_REPORTS_PER_ADDRESS) per canary',
      );
      const huge = await reportTo(bounded, '203.0.113.8', [line('gauge', '1.1.0', 'load-error', 1000)]);
      assert.equal(huge.statusCode, 400, 'a line counts at most 100');
      // A second address's anonymous claims show on the dashboard, but no browser loaded and
      // failed: the canary runs on.
      await reportTo(bounded, '203.0.113.9', [line('gauge', '1.1.0', 'load-error', 25)]);
      assert.deepEqual(await healthOf('gauge', '1.1.0'), {
        canary: { version: '1.1.0', percent: 20 },
        loads: 50,
        failures: 50,
      });
    } finally {
      await bounded.close();
    }
    assert.throws(
      () => releaseConfigFromEnv({ RELEASE_REPORTS_PER_ADDRESS: '0' }, false),
      /RELEASE_REPORTS_PER_ADDRESS/,
    );
  });
});
