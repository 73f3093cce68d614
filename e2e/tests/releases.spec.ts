import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { VISITOR_COOKIE, inCanary } from '../../api/src/releases/canary';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { baseURL } from './support/environment';
import { skipTextAdvertisement, startSite } from './support/site';
import { RELEASE_MANAGER, buildRemoteVariant, releaseApi, releaseOk } from './support/releases';
import { DEMO_STAFF, staffLoginPage } from './support/staff';

/**
 * Issue 17's browser proof: a remote's team ships a new version with `npm run release`
 * against the running server — no shell rebuild, no restart — and the release manager rolls
 * it back, overrides it for QA in one browser, and a failing canary ends by itself.
 *
 * The new versions are built from a temporary copy of the remote's sources
 * (support/releases.ts), so the working tree stays as it is. The tests share the server
 * with the other specs: the public-content version below keeps every page as it was
 * (the notice text only gains words), and the failing canary belongs to a remote of its
 * own (`release-probe`) so no other test's visitor can land on it.
 */

test.describe.configure({ mode: 'serial' });

const NEXT = '0.1.1-e2e';
const OLD_NOTICE = '暂无通知公告';
const NEW_NOTICE = '暂无通知公告，请关注协会动态';
const ARCHIVE_TEXT = '往期通知公告已移至协会档案室';

interface StatusRemote {
  remote: string;
  pinned: string | null;
  canary: { version: string; percent: number } | null;
  health: { version: string; loads: number; failures: number; failureRate: number }[];
}
interface HistoryLine {
  at: string;
  action: string;
  from: string | null;
  to: string | null;
  actor: string;
  reason: string;
}

const statusOf = async (remote: string) =>
  (await releaseApi<{ remotes: StatusRemote[] }>('/v1/releases/status')).remotes.find((r) => r.remote === remote);
const historyOf = async (remote: string) =>
  (await releaseApi<{ history: HistoryLine[] }>(`/v1/releases/history?remote=${remote}`)).history;

/** The version of `remote` this page was given (the pins document the shell started from). */
async function openAndSeeVersion(page: Page, path: string, remote: string): Promise<string> {
  const pins = page.waitForResponse((response) => new URL(response.url()).pathname === '/remotes.json');
  await page.goto(path);
  const document = (await (await pins).json()) as Record<string, { version: string; via: string }>;
  return document[remote]?.version ?? '(none)';
}

test.beforeAll(async () => {
  // public-content NEXT: the notice page says more, and a new page /noticeArchive.
  const variant = await buildRemoteVariant({
    from: 'public-content',
    version: NEXT,
    edit: (copy) => {
      copy.change('src/notice/notice-view.tsx', (text) => text.replace(`>${OLD_NOTICE}<`, `>${NEW_NOTICE}<`));
      copy.write(
        'src/notice/notice-archive-page.tsx',
        `export default function NoticeArchivePage() {\n  return <p style={{ margin: '48px 0', textAlign: 'center' }}>${ARCHIVE_TEXT}</p>;\n}\n`,
      );
      copy.change('src/exposes.ts', (text) =>
        text.replace('} as const;', "  './NoticeArchive': './src/notice/notice-archive-page.tsx',\n} as const;"),
      );
      copy.change('src/routes.ts', (text) =>
        text.replace(
          "publicPage('/downloadApp', 'DownloadApp'),",
          "publicPage('/downloadApp', 'DownloadApp'),\n  publicPage('/noticeArchive', 'NoticeArchive'),",
        ),
      );
    },
  });
  try {
    await releaseOk('publish', 'public-content', '--dir', variant.dir);
  } finally {
    variant.remove();
  }
});

test('a new public-content version adds a page and changes a text live, with no shell rebuild or restart; a rollback takes both back', async ({
  page,
  request,
}) => {
  await skipTextAdvertisement(page);
  const shellBefore = await (await request.get('/')).text();

  await page.goto('/notice');
  await expect(page.getByText(OLD_NOTICE, { exact: true })).toBeVisible();
  await page.goto('/noticeArchive');
  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();

  const pinned = await releaseOk('pin', 'public-content', NEXT, '--reason', '通知公告改版');
  expect(pinned).toContain(NEXT);
  await page.goto('/notice');
  // The browser's page, from the pins it has just fetched (the server's HTML follows the pin
  // within PIN_REREAD_MS: deploy/src/public-pages/server-render.test.ts).
  await startSite(page);
  await expect(page.getByText(NEW_NOTICE, { exact: true })).toBeVisible();
  await page.goto('/noticeArchive');
  await expect(page.getByText(ARCHIVE_TEXT)).toBeVisible();
  await expect(page.getByText('页面不存在', { exact: true })).toHaveCount(0);

  await releaseOk('rollback', 'public-content', '--reason', '回滚演练');
  await page.goto('/notice');
  await startSite(page);
  await expect(page.getByText(OLD_NOTICE, { exact: true })).toBeVisible();
  await page.goto('/noticeArchive');
  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
  await expect(page.getByText(ARCHIVE_TEXT)).toHaveCount(0);

  // The same shell page (no rebuild) from the same server (no restart: its data folder is fresh per run).
  expect(await (await request.get('/')).text()).toBe(shellBefore);
  const history = await historyOf('public-content');
  expect(history.slice(0, 2)).toEqual([
    expect.objectContaining({
      action: 'rollback',
      from: NEXT,
      to: '0.1.0',
      actor: RELEASE_MANAGER,
      reason: '回滚演练',
    }),
    expect.objectContaining({ action: 'pin', from: '0.1.0', to: NEXT, actor: RELEASE_MANAGER, reason: '通知公告改版' }),
  ]);
});

test('an override link shows the version and a banner naming it in that browser only', async ({ browser }) => {
  const link = (await releaseOk('override', 'public-content', NEXT)).split('\n')[0]!;
  expect(link).toMatch(/\/release-override\?grant=/);

  const qa = await browser.newContext();
  const learner = await browser.newContext();
  try {
    const qaPage = await qa.newPage();
    await skipTextAdvertisement(qaPage);
    await qaPage.goto(link);
    await qaPage.goto('/notice');
    const banner = qaPage.getByRole('status', { name: '测试版本' });
    await expect(banner).toContainText(`public-content ${NEXT}`);
    await expect(banner).toContainText('协会资讯');
    await expect(qaPage.getByText(NEW_NOTICE, { exact: true })).toBeVisible();

    const learnerPage = await learner.newPage();
    await skipTextAdvertisement(learnerPage);
    await learnerPage.goto('/notice');
    await expect(learnerPage.getByText(OLD_NOTICE, { exact: true })).toBeVisible();
    await expect(learnerPage.getByRole('status', { name: '测试版本' })).toHaveCount(0);
  } finally {
    await qa.close();
    await learner.close();
  }
  expect((await statusOf('public-content'))?.pinned).toBe('0.1.0');
});

/** A new browser id (the server's visitor cookie) that lands on the pin, or in `canary`'s share. */
function browserIdIn(share: 'pin' | 'canary', canary: { remote: string; version: string; percent: number }): string {
  for (;;) {
    const id = randomUUID();
    if (inCanary(canary.remote, canary.version, canary.percent, `browser:${id}`) === (share === 'canary')) return id;
  }
}

/** A new visitor: a fresh browser, with a chosen browser id when `browserId` is given. */
async function visit(browser: Browser, browserId?: string): Promise<{ version: string; sawError: boolean }> {
  const context = await browser.newContext();
  if (browserId) await context.addCookies([{ name: VISITOR_COOKIE, value: browserId, url: baseURL }]);
  try {
    const page = await context.newPage();
    const version = await openAndSeeVersion(page, '/releaseProbe', 'release-probe');
    const failure = page.getByText('「发布演练」模块暂时无法加载');
    const content = page.getByText(OLD_NOTICE, { exact: true });
    await expect(failure.or(content)).toBeVisible();
    const sawError = await failure.isVisible();
    // Leaving the page sends what is still pending.
    await page.goto('about:blank');
    return { version, sawError };
  } finally {
    await context.close();
  }
}

test('a canary whose entry fails to load reports its failures and is rolled back by itself; visitors on the pin never see an error', async ({
  browser,
}) => {
  // Two builds of a remote (about 30 s each on a busy machine), then rounds of visits.
  test.setTimeout(240_000);
  // A remote of its own (one page, /releaseProbe), built from public-content's sources.
  const probe = (version: string) =>
    buildRemoteVariant({
      from: 'public-content',
      version,
      edit: (copy) => {
        copy.change('rspack.config.ts', (text) =>
          text
            .replace("name: 'public_content'", "name: 'release_probe'")
            .replace("key: 'public-content'", "key: 'release-probe'"),
        );
        copy.change('src/routes.ts', (text) =>
          text
            .replace("export const SECTION = '协会资讯';", "export const SECTION = '发布演练';")
            .replace(
              /export const ROUTES: RouteEntry\[\] = \[[^\]]*\];/,
              "export const ROUTES: RouteEntry[] = [publicPage('/releaseProbe', 'Notice')];",
            ),
        );
      },
    });
  const good = await probe('1.0.0');
  const bad = await probe('1.0.1');
  try {
    await releaseOk('publish', 'release-probe', '--dir', good.dir);
    await releaseOk('pin', 'release-probe', '1.0.0', '--reason', '演练基线');
    // The broken version: its manifest names an entry that is not there.
    rmSync(join(bad.dir, 'remoteEntry.js'));
    await releaseOk('publish', 'release-probe', '--dir', bad.dir);
  } finally {
    good.remove();
    bad.remove();
  }
  const canary = { remote: 'release-probe', version: '1.0.1', percent: 50 };
  await releaseOk('canary', canary.remote, canary.version, '--percent', String(canary.percent), '--reason', '灰度演练');

  // New visitors, four at a time, until the server ends the canary: each a fresh browser id,
  // two of them in the canary's share and two not (left to chance, all four of a round were
  // sometimes in the canary, which then ended before anyone had visited on the pin).
  const visits: { version: string; sawError: boolean }[] = [];
  let ended = false;
  for (let round = 0; round < 10 && !ended; round += 1) {
    const shares = ['pin', 'canary', 'pin', 'canary'] as const;
    visits.push(...(await Promise.all(shares.map((share) => visit(browser, browserIdIn(share, canary))))));
    ended = (await statusOf('release-probe'))?.canary === null;
  }
  expect(ended).toBe(true);

  const onPin = visits.filter((v) => v.version === '1.0.0');
  const onCanary = visits.filter((v) => v.version === '1.0.1');
  expect(onPin.length).toBeGreaterThan(0);
  expect(onPin.filter((v) => v.sawError)).toEqual([]);
  expect(onCanary.length).toBeGreaterThan(0);
  expect(onCanary.every((v) => v.sawError)).toBe(true);

  const status = await statusOf('release-probe');
  expect(status?.pinned).toBe('1.0.0');
  const canaryHealth = status?.health.find((h) => h.version === '1.0.1');
  expect(canaryHealth?.failures).toBeGreaterThanOrEqual(6);
  const [last] = await historyOf('release-probe');
  expect(last).toEqual(expect.objectContaining({ action: 'auto-rollback', from: '1.0.1', actor: 'system' }));
  expect(last?.reason).toMatch(/自动回滚/);

  // Everyone is on the pin again.
  for (let i = 0; i < 3; i += 1) expect(await visit(browser)).toEqual({ version: '1.0.0', sawError: false });
});

test.describe('in a browser set to New York time', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a 发布管理 staff member signs in at /admin and pins, then rolls back, from the 发布管理 page; the history reads Beijing time', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000); // a TOTP code is taken once per 30 s step: a second sign-in may wait for the next
    await staffLoginPage(page, DEMO_STAFF.releases);
    await page.getByRole('menuitem', { name: '发布管理' }).click();
    await expect(page.getByTestId('page-title')).toHaveText('发布管理');
    const row = page.getByRole('row', { name: /public-content/ });
    await expect(row).toContainText('0.1.0');

    await row.getByRole('button', { name: '固定版本' }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('combobox', { name: '版本' })).toBeVisible();
    await dialog.getByRole('button', { name: '下一步' }).click();
    await expect(dialog.getByText('请填写原因')).toBeVisible();
    await dialog.getByLabel('原因').fill('控制台发布演练');
    await dialog.getByRole('button', { name: '下一步' }).click();
    await expect(dialog).toContainText(`确认将「协会资讯」public-content从 0.1.0 固定到 ${NEXT}？`);
    await dialog.getByRole('button', { name: '确认固定版本' }).click();
    await expect(page.getByText(`public-content 已固定到 ${NEXT}`)).toBeVisible();
    await expect(row.getByText(NEXT, { exact: true })).toBeVisible();

    const visitor = await browser.newPage();
    try {
      await skipTextAdvertisement(visitor);
      await visitor.goto('/notice');
      // The browser's page, from the pins it fetched (the server's HTML follows within PIN_REREAD_MS).
      await startSite(visitor);
      await expect(visitor.getByText(NEW_NOTICE, { exact: true })).toBeVisible();

      await row.getByRole('button', { name: /回\s*滚/ }).click();
      dialog = page.getByRole('dialog');
      await dialog.getByLabel('原因').fill('控制台回滚演练');
      await dialog.getByRole('button', { name: '下一步' }).click();
      await expect(dialog).toContainText(`确认将「协会资讯」public-content从 ${NEXT} 回滚到 0.1.0？`);
      await dialog.getByRole('button', { name: '确认回滚' }).click();
      await expect(page.getByText('public-content 已回滚到 0.1.0')).toBeVisible();
      await expect(row.getByText('0.1.0', { exact: true }).first()).toBeVisible();

      await visitor.goto('/notice');
      await startSite(visitor);
      await expect(visitor.getByText(OLD_NOTICE, { exact: true })).toBeVisible();
    } finally {
      await visitor.close();
    }

    await row.getByRole('button', { name: /历\s*史/ }).click();
    const history = page.getByRole('region', { name: 'public-content 发布历史' });
    await expect(history.getByRole('row').nth(1)).toContainText('控制台回滚演练');
    await expect(history.getByRole('row').nth(1)).toContainText('卫发布（releases）');
    await expect(history.getByRole('row').nth(2)).toContainText('控制台发布演练');
    const [last] = await historyOf('public-content');
    expect(last).toEqual(expect.objectContaining({ action: 'rollback', to: '0.1.0', actor: '卫发布（releases）' }));
    // The API answers ISO 8601 with +08:00; the page shows the same moment as Beijing time,
    // though this browser's clock zone is New York's.
    expect(last?.at).toMatch(/\+08:00$/);
    await expect(history.getByRole('row').nth(1)).toContainText(formatBeijingTime(last!.at));
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
  });
});
