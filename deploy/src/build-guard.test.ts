import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ShellManifest } from '@yaoshi/contracts/release-manifest';
import { movableClock } from '@yaoshi/api-server/clock';
import type { DatabaseHandle } from '@yaoshi/api-server/db/database';
import { openTestDatabase } from '@yaoshi/api-server/db/test-database';
import { releaseConfigFromEnv } from '@yaoshi/api-server/releases/release-config';
import { ensureEnvironments } from '@yaoshi/api-server/releases/registry-core';
import { pinVersion } from '@yaoshi/api-server/releases/registry-pins';
import { publishVersion } from '@yaoshi/api-server/releases/registry-publish';
import { registerReleaseRoutes } from '@yaoshi/api-server/releases/release-routes';
import { readFolder } from '@yaoshi/api-server/releases/release-storage';
import {
  BuildRefusal,
  databaseRegistryView,
  guardShell,
  httpRegistryView,
  openRegistryView,
  placeVersion,
  planVersion,
  type RegistryView,
} from './build-guard';

/**
 * What `npm run build` asks the release registry before it touches the site folder: the
 * new shell against the live remotes, and whether a version folder may be written.
 */

const TOKEN = 'build-token-0123456789';
const clock = movableClock(Date.parse('2026-01-05T02:00:00Z'));
let database: DatabaseHandle;
let app: FastifyInstance;
let url: string;
let siteDir: string;
let work: string;

const shell = (react: string, pages: string[] = ['/myInfo']): ShellManifest => ({
  version: '0.2.0',
  provides: { react },
  pages,
});

function writeBuild(dir: string, version: string, text: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'release-manifest.json'),
    JSON.stringify({
      remote: 'news',
      federationName: 'news',
      section: '资讯',
      version,
      exposes: ['Home'],
      routes: [{ path: '/news', area: 'public', exposed: 'Home', loginRequired: false }],
      shared: { react: '19.3.1' },
    }),
  );
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), text);
}

before(async () => {
  database = await openTestDatabase();
  await ensureEnvironments(database.db);
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-guard-site-'));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-guard-work-'));
  fs.writeFileSync(path.join(siteDir, 'shell-manifest.json'), JSON.stringify(shell('^19.0.0')));
  const built = path.join(work, 'news-1.0.0');
  writeBuild(built, '1.0.0', 'one');
  const deps = { db: database.db, clock, siteDir };
  await publishVersion(deps, { name: 'ci' }, 'news', readFolder(built));
  await pinVersion(
    deps,
    { name: 'ci' },
    { remote: 'news', version: '1.0.0', environment: 'production', reason: '首发' },
  );
  app = Fastify();
  await registerReleaseRoutes(app, {
    ...deps,
    config: releaseConfigFromEnv({ RELEASE_TOKENS: `build:${TOKEN}` }, false),
    secret: 'test-secret',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

after(async () => {
  await app.close();
  await database.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

const views = (): [string, RegistryView][] => [
  ['the site database', { ...databaseRegistryView(database), close: async () => {} }],
  ['a running server (RELEASE_URL)', httpRegistryView(url, TOKEN)],
];

describe('a new shell', () => {
  test('that fits the pinned remotes passes; one that would break one is refused in one line naming remote, package and both versions', async () => {
    for (const [name, view] of views()) {
      await guardShell(view, shell('^19.2.0'));
      await assert.rejects(
        guardShell(view, shell('^20.0.0')),
        (error: unknown) =>
          error instanceof BuildRefusal &&
          error.message === '新外壳会破坏线上的 news 1.0.0：react 构建版本 19.3.1，新外壳提供 ^20.0.0',
        name,
      );
      await assert.rejects(
        guardShell(view, shell('^19.2.0', ['/myInfo', '/news'])),
        /^BuildRefusal: 新外壳的页面 \/news 与线上的 news 1\.0\.0 的路由 \/news 冲突$/,
        name,
      );
    }
  });

  test('a wrong release token is a refusal, not a pass', async () => {
    await assert.rejects(guardShell(httpRegistryView(url, 'wrong-token-0123456789'), shell('^19.2.0')), {
      name: 'BuildRefusal',
      message: 'check-shell：发布令牌无效',
    });
  });

  test('where the registry is: the server with RELEASE_URL, else the database if there is one, else none', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-guard-data-'));
    try {
      assert.equal(await openRegistryView({ DATA_DIR: empty }), null, 'no database yet: nothing to check against');
      await assert.rejects(openRegistryView({ RELEASE_URL: url }), /缺少 RELEASE_TOKEN/);
      const remote = await openRegistryView({ RELEASE_URL: url, RELEASE_TOKEN: TOKEN, DATA_DIR: empty });
      assert.deepEqual([...((await remote?.registeredVersions()) ?? [])], ['news/1.0.0']);
      // A database a running server holds (PGlite's lock): refused, never skipped.
      fs.mkdirSync(path.join(empty, 'pglite'), { recursive: true });
      fs.writeFileSync(path.join(empty, 'pglite', 'PG_VERSION'), '17\n');
      fs.writeFileSync(
        path.join(empty, 'pglite.lock'),
        JSON.stringify({ pid: 1, host: os.hostname(), since: new Date().toISOString() }),
      );
      await assert.rejects(openRegistryView({ DATA_DIR: empty }), {
        name: 'BuildRefusal',
        message: `服务器正在使用数据库 ${empty}：请设置 RELEASE_URL 与 RELEASE_TOKEN，由运行中的服务器检查新外壳`,
      });
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('remote version folders', () => {
  test('a registered version’s folder is never overwritten; an unregistered one from an earlier build may be', async () => {
    const registered = await databaseRegistryView(database).registeredVersions();
    const same = path.join(work, 'same');
    writeBuild(same, '1.0.0', 'one');
    assert.equal(planVersion(siteDir, 'news', '1.0.0', same, registered), 'unchanged');

    const rebuilt = path.join(work, 'rebuilt');
    writeBuild(rebuilt, '1.0.0', 'changed');
    assert.throws(() => planVersion(siteDir, 'news', '1.0.0', rebuilt, registered), {
      name: 'BuildRefusal',
      message: 'news 1.0.0 已发布，站点中的文件不可覆盖：请提升 remotes/news/package.json 的版本号后再构建',
    });
    assert.equal(fs.readFileSync(path.join(siteDir, 'remotes/news/1.0.0/remoteEntry.js'), 'utf8'), 'one');

    const next = path.join(work, 'next');
    writeBuild(next, '1.1.0', 'two');
    assert.equal(planVersion(siteDir, 'news', '1.1.0', next, registered), 'new');
    placeVersion(siteDir, 'news', '1.1.0', next, 'new');
    writeBuild(next, '1.1.0', 'two, rebuilt');
    assert.equal(planVersion(siteDir, 'news', '1.1.0', next, registered), 'replace');
    placeVersion(siteDir, 'news', '1.1.0', next, 'replace');
    assert.equal(fs.readFileSync(path.join(siteDir, 'remotes/news/1.1.0/remoteEntry.js'), 'utf8'), 'two, rebuilt');
    assert.deepEqual(
      fs.readdirSync(path.join(siteDir, 'remotes/news')).sort(),
      ['1.0.0', '1.1.0'],
      'no temporary folder left behind',
    );
  });
});
