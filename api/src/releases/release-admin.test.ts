import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { desc, eq } from 'drizzle-orm';
import { auditRecords } from '../audit/audit-schema';
import { assertRefused, dataOf } from '../test-support/learner-session';
import { registerTestRemote } from '../test-support/release-registry';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startTestServer, type TestServer } from '../test-support/test-server';
import Fastify from 'fastify';
import { releaseConfigFromEnv } from './release-config';
import { registerReleaseRoutes } from './release-routes';
import { releasePins } from './releases-schema';

let server: TestServer;
let releaser: TestStaff;

before(async () => {
  server = await startTestServer();
  releaser = await signedInStaff(server, ['发布管理'], 'releaser');
  await registerTestRemote(server.db, server.clock, 'shop', { versions: ['1.0.0', '1.1.0', '1.2.0'], pinned: '1.0.0' });
});
after(() => server.close());

const staffCall = (
  method: 'GET' | 'POST',
  path: string,
  payload: Record<string, unknown> = {},
  token = releaser.token,
) => server.call({ method, path, payload, token });

async function pinnedVersion(remote: string): Promise<string | undefined> {
  const [row] = await server.db.select().from(releasePins).where(eq(releasePins.remote, remote));
  return row?.version;
}

describe('发布管理 in the staff console', () => {
  test('status shows every remote’s live version, canary and failure rates; history what moved', async () => {
    const status = dataOf(await staffCall('GET', '/v1/admin/releases/status')) as {
      environment: string;
      remotes: { remote: string; pinned: string | null; canary: unknown; versions: string[] }[];
    };
    assert.equal(status.environment, 'production');
    const shop = status.remotes.find((remote) => remote.remote === 'shop');
    assert.deepEqual(
      { pinned: shop?.pinned, canary: shop?.canary, versions: shop?.versions },
      { pinned: '1.0.0', canary: null, versions: ['1.0.0', '1.1.0', '1.2.0'] },
    );
    const staging = dataOf(await staffCall('GET', '/v1/admin/releases/status', { env: 'staging' })) as {
      remotes: { remote: string; pinned: string | null }[];
    };
    assert.equal(staging.remotes.find((remote) => remote.remote === 'shop')?.pinned, null);
  });

  test('pin, canary, promote and rollback move the registry under the staff member’s name, each audited', async () => {
    dataOf(await staffCall('POST', '/v1/admin/releases/pin', { remote: 'shop', version: '1.1.0', reason: '上线新版' }));
    assert.equal(await pinnedVersion('shop'), '1.1.0');
    dataOf(
      await staffCall('POST', '/v1/admin/releases/canary', {
        remote: 'shop',
        version: '1.2.0',
        percent: 20,
        reason: '灰度',
      }),
    );
    dataOf(await staffCall('POST', '/v1/admin/releases/promote', { remote: 'shop', reason: '灰度无异常' }));
    assert.equal(await pinnedVersion('shop'), '1.2.0');
    const back = dataOf(await staffCall('POST', '/v1/admin/releases/rollback', { remote: 'shop', reason: '页面报错' }));
    assert.deepEqual(back, { environment: 'production', remote: 'shop', from: '1.2.0', to: '1.1.0' });

    const { history } = dataOf(await staffCall('GET', '/v1/admin/releases/history', { remote: 'shop' })) as {
      history: { action: string; from: string | null; to: string | null; actor: string; reason: string }[];
    };
    assert.deepEqual(
      history.slice(0, 4).map((line) => [line.action, line.from, line.to, line.actor, line.reason]),
      [
        ['rollback', '1.2.0', '1.1.0', '测试releaser（releaser）', '页面报错'],
        ['promote', '1.1.0', '1.2.0', '测试releaser（releaser）', '灰度无异常'],
        ['canary', '1.1.0', '1.2.0', '测试releaser（releaser）', '灰度（20%）'],
        ['pin', '1.0.0', '1.1.0', '测试releaser（releaser）', '上线新版'],
      ],
    );
    const audits = await server.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(4);
    assert.deepEqual(
      audits.map((record) => [record.actorName, record.actor, record.action, record.target, record.after]),
      [
        [
          '测试releaser',
          'releaser',
          'release.rollback',
          'shop',
          { version: '1.1.0', environment: 'production', reason: '页面报错' },
        ],
        [
          '测试releaser',
          'releaser',
          'release.promote',
          'shop',
          { version: '1.2.0', environment: 'production', reason: '灰度无异常' },
        ],
        [
          '测试releaser',
          'releaser',
          'release.canary',
          'shop',
          { version: '1.2.0', environment: 'production', reason: '灰度' },
        ],
        [
          '测试releaser',
          'releaser',
          'release.pin',
          'shop',
          { version: '1.1.0', environment: 'production', reason: '上线新版' },
        ],
      ],
    );
  });

  test('回滚 is offered only with an earlier pin; the same canary twice changes nothing; 结束灰度 ends it, audited', async () => {
    await registerTestRemote(server.db, server.clock, 'desk', { versions: ['1.0.0', '1.1.0'], pinned: '1.0.0' });
    type Status = { remotes: { remote: string; rollbackTo: string | null; canary: unknown }[] };
    const desk = async () =>
      (dataOf(await staffCall('GET', '/v1/admin/releases/status')) as Status).remotes.find((r) => r.remote === 'desk')!;
    // Pinned once: other versions exist, but nothing earlier to go back to.
    assert.equal((await desk()).rollbackTo, null);
    assert.equal((await desk()).canary, null);

    const history = async () =>
      (
        dataOf(await staffCall('GET', '/v1/admin/releases/history', { remote: 'desk' })) as {
          history: { action: string }[];
        }
      ).history.map((line) => line.action);
    const audits = async () =>
      (await server.db.select().from(auditRecords).where(eq(auditRecords.target, 'desk'))).map((row) => row.action);
    const canary = { remote: 'desk', version: '1.1.0', percent: 20, reason: '灰度' };
    dataOf(await staffCall('POST', '/v1/admin/releases/canary', canary));
    const before = { history: await history(), audits: await audits() };
    const again = dataOf(await staffCall('POST', '/v1/admin/releases/canary', canary)) as { unchanged?: boolean };
    assert.equal(again.unchanged, true);
    assert.deepEqual({ history: await history(), audits: await audits() }, before, 'no second line, no record');

    const ended = dataOf(
      await staffCall('POST', '/v1/admin/releases/canary_end', { remote: 'desk', reason: '暂停灰度' }),
    );
    assert.deepEqual(ended, { environment: 'production', remote: 'desk', from: '1.1.0', to: null });
    assert.equal((await desk()).canary, null);
    assert.equal((await history())[0], 'canary-end');
    assert.equal((await audits()).at(-1), 'release.canary-end');
    assertRefused(
      await staffCall('POST', '/v1/admin/releases/canary_end', { remote: 'desk', reason: '再结束' }),
      409,
      /灰度/,
    );

    dataOf(await staffCall('POST', '/v1/admin/releases/pin', { remote: 'desk', version: '1.1.0', reason: '上线' }));
    assert.equal((await desk()).rollbackTo, '1.0.0');
  });

  test('a move without a reason, to an unknown version or of nothing is refused in Chinese and changes nothing', async () => {
    const before = await server.db.select().from(auditRecords);
    assertRefused(
      await staffCall('POST', '/v1/admin/releases/pin', { remote: 'shop', version: '1.0.0', reason: '  ' }),
      400,
      '请填写原因',
    );
    assertRefused(
      await staffCall('POST', '/v1/admin/releases/pin', { remote: 'shop', version: '9.9.9', reason: '试试' }),
      404,
      'shop 没有已发布的版本 9.9.9',
    );
    assertRefused(
      await staffCall('POST', '/v1/admin/releases/promote', { remote: 'shop', reason: '试试' }),
      409,
      'shop 没有进行中的灰度',
    );
    assertRefused(
      await staffCall('POST', '/v1/admin/releases/canary', {
        remote: 'shop',
        version: '1.2.0',
        percent: 100,
        reason: '全量',
      }),
      400,
      /灰度比例/,
    );
    assert.equal(await pinnedVersion('shop'), '1.1.0');
    assert.equal((await server.db.select().from(auditRecords)).length, before.length);
  });

  test('a staff member without 发布管理 can neither read nor move releases', async () => {
    const finance = await signedInStaff(server, ['财务']);
    assertRefused(await staffCall('GET', '/v1/admin/releases/status', {}, finance.token), 403, /权限/);
    assertRefused(
      await staffCall('POST', '/v1/admin/releases/rollback', { remote: 'shop', reason: '试试' }, finance.token),
      403,
      /权限/,
    );
    assert.equal(await pinnedVersion('shop'), '1.1.0');
  });

  test('npm run release takes a 发布管理 staff member’s session token too: recorded under the name, audited; other staff are refused', async () => {
    const cli = Fastify();
    await registerReleaseRoutes(cli, {
      db: server.db,
      clock: server.clock,
      siteDir: undefined,
      config: releaseConfigFromEnv({ RELEASE_TOKENS: 'ci:ci-release-token-0123456789' }, false),
      secret: 'test-media-secret',
    });
    try {
      const pinAs = (token: string) =>
        cli.inject({
          method: 'POST',
          url: '/v1/releases/pin',
          headers: { authorization: `Bearer ${token}` },
          payload: { remote: 'shop', version: '1.2.0', reason: '命令行发布' },
        });
      const finance = await signedInStaff(server, ['财务']);
      const refused = await pinAs(finance.token);
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json<{ message: string }>().message, '没有权限执行此操作');
      assert.equal(await pinnedVersion('shop'), '1.1.0');

      const pinned = await pinAs(releaser.token);
      assert.equal(pinned.statusCode, 200, pinned.body);
      assert.equal(await pinnedVersion('shop'), '1.2.0');
      const history = await cli.inject({
        method: 'GET',
        url: '/v1/releases/history?remote=shop',
        headers: { authorization: `Bearer ${releaser.token}` },
      });
      const [line] = history.json<{ data: { history: { actor: string; reason: string }[] } }>().data.history;
      assert.deepEqual(line, { ...line, actor: '测试releaser（releaser）', reason: '命令行发布' });
      const [audit] = await server.db.select().from(auditRecords).orderBy(desc(auditRecords.id)).limit(1);
      assert.deepEqual([audit?.actor, audit?.action, audit?.target], ['releaser', 'release.pin', 'shop']);
    } finally {
      await cli.close();
    }
  });
});
