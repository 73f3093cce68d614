// The release manager's laptop is not in Beijing: the table still shows Beijing time.
process.env.TZ = 'America/New_York';

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { movableClock } from '@yaoshi/api-server/clock';
import type { DatabaseHandle } from '@yaoshi/api-server/db/database';
import { openTestDatabase } from '@yaoshi/api-server/db/test-database';
import { releaseConfigFromEnv } from '@yaoshi/api-server/releases/release-config';
import { ensureEnvironments } from '@yaoshi/api-server/releases/registry-core';
import { registerReleaseRoutes } from '@yaoshi/api-server/releases/release-routes';
import { readFolder } from '@yaoshi/api-server/releases/release-storage';
import { spawnSync } from 'node:child_process';
import { RELEASE_COMMANDS, runRelease, type CliIo, type ReleaseCommand } from './release-cli';

/** `npm run release` against a real server over HTTP: what a CI job sees (exit codes, lines, --json). */

const TOKEN = 'ci-token-0123456789abcdef';
let database: DatabaseHandle;
let app: FastifyInstance;
let url: string;
let siteDir: string;
let repoRoot: string;

function writeBuild(dir: string, version: string, text: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const manifest = {
    remote: 'news',
    federationName: 'news',
    section: '资讯',
    version,
    exposes: ['Home'],
    routes: [{ path: '/news', area: 'public', exposed: 'Home', loginRequired: false }],
    shared: { react: '19.3.1' },
  };
  fs.writeFileSync(path.join(dir, 'release-manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), text);
}

function writeShellManifest(dir: string, react: string, pages: string[] = ['/myInfo']): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'shell-manifest.json'),
    JSON.stringify({ version: '0.2.0', provides: { react }, pages }),
  );
}

async function run(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    env: { RELEASE_URL: url, RELEASE_TOKEN: TOKEN, ...env },
    fetch,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readFolder,
    readText: (file) => fs.readFileSync(file, 'utf8'),
    repoRoot,
  };
  const code = await runRelease(args, io);
  return { code, out, err };
}

before(async () => {
  database = await openTestDatabase();
  await ensureEnvironments(database.db);
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-cli-site-'));
  // The live shell: what every publish and pin is checked against.
  writeShellManifest(siteDir, '^19.0.0');
  repoRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-cli-repo-'));
  fs.mkdirSync(path.join(repoRoot, 'remotes', 'news'), { recursive: true });
  fs.writeFileSync(path.join(repoRoot, 'remotes', 'news', 'package.json'), JSON.stringify({ version: '1.0.0' }));
  writeBuild(path.join(repoRoot, 'remotes', 'news', 'dist', '1.0.0'), '1.0.0', 'one');
  app = Fastify();
  await registerReleaseRoutes(app, {
    db: database.db,
    clock: movableClock(Date.parse('2026-01-05T02:00:00Z')),
    siteDir,
    config: releaseConfigFromEnv({ RELEASE_TOKENS: `ci:${TOKEN}` }, false),
    secret: 'test-secret',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

after(async () => {
  await app.close();
  await database.close();
});

test('publish takes the remote’s build folder by default; publishing it again changes nothing', async () => {
  const first = await run(['publish', 'news']);
  assert.equal(first.code, 0, first.err.join('\n'));
  assert.match(first.out[0] ?? '', /^published news 1\.0\.0 \(sha256:[0-9a-f]{64}\)$/);
  assert.ok(fs.existsSync(path.join(siteDir, 'remotes', 'news', '1.0.0', 'remoteEntry.js')));
  const again = await run(['publish', 'news']);
  assert.deepEqual(again.out, ['news 1.0.0 is already published with this content: nothing changed']);
});

test('a refusal exits 1 with one line saying why', async () => {
  const dir = path.join(repoRoot, 'other');
  writeBuild(dir, '1.0.0', 'different');
  const refused = await run(['publish', 'news', '--dir', dir]);
  assert.deepEqual(
    { code: refused.code, err: refused.err, out: refused.out },
    { code: 1, err: ['refused: news 1.0.0 已发布且内容不同：已发布的版本不可覆盖，请提升版本号'], out: [] },
  );
  const wrongToken = await run(['status'], { RELEASE_TOKEN: 'nope-nope-nope-nope' });
  assert.deepEqual({ code: wrongToken.code, err: wrongToken.err }, { code: 1, err: ['refused: 发布令牌无效'] });
});

test('pin, canary, promote, rollback, status and history; --json for machines', async () => {
  const dir = path.join(repoRoot, 'next');
  writeBuild(dir, '1.1.0', 'two');
  assert.equal((await run(['publish', 'news', '--dir', dir])).code, 0);
  assert.deepEqual((await run(['pin', 'news', '1.0.0', '--reason', '首发'])).out, [
    'news (production): (none) → 1.0.0',
  ]);
  assert.deepEqual((await run(['canary', 'news', '1.1.0', '--percent', '10'])).out, [
    'news (production): canary 1.1.0 for 10% of visitors',
  ]);
  const status = await run(['status']);
  assert.deepEqual(status.out, ['environment: production', 'news (资讯): live 1.0.0  canary 1.1.0 (10%)']);
  const json = await run(['status', '--json']);
  const parsed = JSON.parse(json.out[0] ?? '') as {
    ok: boolean;
    data: { remotes: { remote: string; pinned: string }[] };
  };
  assert.deepEqual([parsed.ok, parsed.data.remotes[0]?.pinned], [true, '1.0.0']);
  assert.deepEqual((await run(['promote', 'news'])).out, ['news (production): 1.0.0 → 1.1.0']);
  assert.deepEqual((await run(['rollback', 'news', '--reason', '回退'])).out, ['news (production): 1.1.0 → 1.0.0']);
  const history = await run(['history', 'news']);
  assert.equal(history.code, 0);
  // The server's clock reads 2026-01-05T02:00:00Z: 10:00 in Beijing, 21:00 the day before in New York.
  assert.ok(
    history.out.every((line) => line.startsWith('2026-01-05 10:00:00  ')),
    history.out.join('\n'),
  );
  const historyJson = JSON.parse((await run(['history', 'news', '--json'])).out[0] ?? '') as {
    data: { history: { at: string }[] };
  };
  assert.equal(historyJson.data.history[0]?.at, '2026-01-05T10:00:00+08:00');
  assert.deepEqual(
    history.out.map((line) => line.replace(/^\S+ \S+\s+/, '')),
    [
      'production rollback      1.1.0 → 1.0.0  by ci: 回退',
      'production promote       1.0.0 → 1.1.0  by ci: 灰度转正',
      'production canary        1.0.0 → 1.1.0  by ci: 开始灰度（10%）',
      'production pin           - → 1.0.0  by ci: 首发',
    ],
  );
  const override = await run(['override', 'news', '1.1.0']);
  assert.match(override.out[0] ?? '', new RegExp(`^${url}/release-override\\?grant=`));
  assert.equal(
    override.out[1],
    '(opens the site with this version in that browser only, until 2026-01-05 11:00:00 Beijing time)',
  );
  const refusedJson = await run(['pin', 'news', '9.9.9', '--reason', 'x', '--json']);
  assert.equal(refusedJson.code, 1);
  assert.deepEqual(JSON.parse(refusedJson.out[0] ?? ''), {
    ok: false,
    code: 404,
    message: 'news 没有已发布的版本 9.9.9',
    data: { problems: ['news 没有已发布的版本 9.9.9'] },
  });
});

test('usage mistakes exit 2; a missing RELEASE_URL or RELEASE_TOKEN is named', async () => {
  assert.equal((await run(['frobnicate'])).code, 2);
  assert.equal((await run(['pin', 'news'])).code, 2);
  assert.equal((await run(['canary', 'news', '1.1.0'])).code, 2);
  const noToken = await run(['status'], { RELEASE_TOKEN: '' });
  assert.deepEqual(
    { code: noToken.code, err: noToken.err[0] },
    {
      code: 2,
      err: 'RELEASE_TOKEN is not set (a release-manager token from RELEASE_TOKENS on the server, or a 发布管理 staff session token)',
    },
  );
});

/** A valid command line for each command (the server may still refuse it: that is exit 1, not 2). */
const VALID = (): Record<ReleaseCommand, string[]> => ({
  publish: ['publish', 'news'],
  pin: ['pin', 'news', '1.0.0', '--reason', '首发'],
  rollback: ['rollback', 'news', '--reason', '回退'],
  canary: ['canary', 'news', '1.1.0', '--percent', '10'],
  promote: ['promote', 'news'],
  'canary-end': ['canary-end', 'news', '--reason', '结束'],
  override: ['override', 'news', '1.0.0'],
  status: ['status'],
  history: ['history', 'news'],
  'check-shell': ['check-shell', '--dir', path.join(repoRoot, 'shell-usage')],
});

for (const command of Object.keys(RELEASE_COMMANDS) as ReleaseCommand[]) {
  test(`${command}: every usage mistake exits 2 before anything is sent; the valid line does not`, async () => {
    const spec = RELEASE_COMMANDS[command];
    writeShellManifest(path.join(repoRoot, 'shell-usage'), '^19.0.0');
    const valid = VALID()[command];
    const positional = valid.slice(1, 1 + spec.args.length);
    const options = valid.slice(1 + spec.args.length);
    const mistakes: string[][] = [
      [command, ...positional, 'extra', ...options],
      ...(spec.args.length > 0 ? [[command, ...positional.slice(0, -1), ...options]] : []),
      ...spec.needs.map((option) => {
        const at = options.indexOf(`--${option}`);
        return [command, ...positional, ...options.filter((_, i) => i !== at && i !== at + 1)];
      }),
      ...(['env', 'reason', 'percent', 'dir'] as const)
        .filter((option) => !(spec.accepts as readonly string[]).includes(option))
        .map((option) => [...valid, `--${option}`, option === 'percent' ? '10' : 'x']),
      [...valid, '--no-such-option'],
    ];
    let sent = 0;
    const counting: typeof fetch = (input, init) => {
      sent += 1;
      return fetch(input, init);
    };
    for (const args of mistakes) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runRelease(args, {
        env: { RELEASE_URL: url, RELEASE_TOKEN: TOKEN },
        fetch: counting,
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        readFolder,
        readText: (file) => fs.readFileSync(file, 'utf8'),
        repoRoot,
      });
      assert.equal(code, 2, `${args.join(' ')} → ${code}: ${err.join(' ')}`);
      assert.ok(err.length > 0, `${args.join(' ')} says what is wrong`);
    }
    assert.equal(sent, 0, 'a usage mistake sends nothing');
    // Without RELEASE_URL the valid line is a usage mistake too; with it, it reaches the
    // server (here refused for its token, so the registry stays as the other tests expect).
    assert.equal((await run(valid, { RELEASE_URL: '' })).code, 2);
    const sentLine = await run(valid, { RELEASE_TOKEN: 'not-a-token-of-this-server' });
    assert.deepEqual({ code: sentLine.code, err: sentLine.err }, { code: 1, err: ['refused: 发布令牌无效'] });
  });
}

test('canary: --percent outside 1–99 or not a whole number is a usage mistake', async () => {
  for (const percent of ['0', '100', '12.5', 'ten', '-3'])
    assert.equal((await run(['canary', 'news', '1.1.0', `--percent=${percent}`])).code, 2, percent);
});

test('`npm run release -- pin public-content 0.1.0` without --reason: the process exits 2 and says what is missing', () => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'release.ts'), 'pin', 'public-content', '0.1.0'],
    { encoding: 'utf8', env: { ...process.env, RELEASE_URL: 'http://127.0.0.1:9', RELEASE_TOKEN: TOKEN } },
  );
  assert.equal(result.status, 2, result.stderr);
  assert.match(result.stderr, /pin needs --reason/);
});

test('canary-end ends a canary by hand, with a reason, recorded in the history', async () => {
  assert.equal((await run(['canary', 'news', '1.1.0', '--percent', '20'])).code, 0);
  const noReason = await run(['canary-end', 'news']);
  assert.deepEqual(
    { code: noReason.code, err: noReason.err },
    { code: 2, err: ['canary-end needs --reason "…" (why; it goes into the release history)'] },
  );
  const ended = await run(['canary-end', 'news', '--reason', '页面白屏']);
  assert.deepEqual(
    { code: ended.code, out: ended.out },
    {
      code: 0,
      out: ['news (production): canary 1.1.0 ended; every visitor gets the pin'],
    },
  );
  assert.deepEqual((await run(['status'])).out, ['environment: production', 'news (资讯): live 1.0.0']);
  const [last] = (await run(['history', 'news'])).out;
  assert.match(last ?? '', /production canary-end\s+1\.1\.0 → 1\.0\.0 {2}by ci: 页面白屏$/);
  const none = await run(['canary-end', 'news', '--reason', '再结束一次']);
  assert.deepEqual({ code: none.code, err: none.err }, { code: 1, err: ['refused: news 没有进行中的灰度'] });
});

test('check-shell: a new shell that fits exits 0; one that would break a live remote exits 1 naming remote, package and both versions', async () => {
  writeShellManifest(path.join(repoRoot, 'shell', 'dist'), '^19.2.0');
  const fits = await run(['check-shell']);
  assert.deepEqual(
    { code: fits.code, out: fits.out },
    { code: 0, out: ['the new shell fits every pinned and canary remote'] },
  );

  const breaking = path.join(repoRoot, 'shell-next');
  writeShellManifest(breaking, '^20.0.0');
  const refused = await run(['check-shell', '--dir', breaking]);
  assert.deepEqual(
    { code: refused.code, err: refused.err, out: refused.out },
    { code: 1, err: ['refused: 新外壳会破坏线上的 news 1.0.0：react 构建版本 19.3.1，新外壳提供 ^20.0.0'], out: [] },
  );
  const json = await run(['check-shell', '--dir', breaking, '--json']);
  assert.deepEqual(JSON.parse(json.out[0] ?? ''), {
    ok: false,
    code: 409,
    message: '新外壳会破坏线上的 news 1.0.0：react 构建版本 19.3.1，新外壳提供 ^20.0.0',
    data: { problems: ['新外壳会破坏线上的 news 1.0.0：react 构建版本 19.3.1，新外壳提供 ^20.0.0'] },
  });

  const takesPage = path.join(repoRoot, 'shell-pages');
  writeShellManifest(takesPage, '^19.2.0', ['/myInfo', '/news']);
  assert.deepEqual((await run(['check-shell', '--dir', takesPage])).err, [
    'refused: 新外壳的页面 /news 与线上的 news 1.0.0 的路由 /news 冲突',
  ]);
  const missing = await run(['check-shell', '--dir', path.join(repoRoot, 'nowhere')]);
  assert.equal(missing.code, 2);
});
