import { expect, test } from '@playwright/test';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { apiCall } from './support/accounts';
import { releaseApi } from './support/releases';
import { DEMO_STAFF, openConsoleAs, staffApiLogin } from './support/staff';

/**
 * The audit trail read as a ledger, and 发布管理 read by 只读审计, in a browser whose clock
 * zone is New York's: every time on these pages is still Beijing time.
 */
test.use({ timezoneId: 'America/New_York' });
test.setTimeout(120_000);

const stamp = String(Date.now()).slice(-6);

test('审计日志 reads like a ledger: who by 姓名 and 用户名, each changed field in Chinese before → after, long text as 正文已修改 with its diff', async ({
  page,
}) => {
  const editor = await staffApiLogin(DEMO_STAFF.editor);
  const title = `审计演练${stamp}`;
  const paragraph = (text: string) => `<p>${text}${'，内容用于核对审计日志的正文差异'.repeat(4)}</p>`;
  const created = await apiCall<{ id: number }>(
    'POST',
    '/v1/admin/articles/create',
    { catid: 1, title, content: paragraph('第一段') + paragraph('第二段') },
    editor,
  );
  expect(created.code).toBe(200);
  const updated = await apiCall(
    'POST',
    '/v1/admin/articles/update',
    {
      id: created.data.id,
      catid: 1,
      title: `${title}（修订）`,
      content: paragraph('第一段') + paragraph('第二段已修改'),
    },
    editor,
  );
  expect(updated.code).toBe(200);

  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await openConsoleAs(page, DEMO_STAFF.auditor, '/admin/audit');
    await page.getByRole('form', { name: '筛选' }).getByLabel('对象').fill(title);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const log = page.getByRole('table', { name: '审计日志' });
    const change = log.getByRole('row').filter({ hasText: '修改文章' }).first();
    await expect(change).toContainText(/（editor）/);
    const title_ = change.getByRole('row').filter({ hasText: '标题' });
    await expect(title_.getByLabel('修改前')).toHaveText(title);
    await expect(title_.getByLabel('修改后')).toHaveText(`${title}（修订）`);
    await expect(change.getByRole('row').filter({ hasText: '正文' })).toContainText('正文已修改');
    await expect(change).not.toContainText('<p>');
    // The target is read whole, not cut with an ellipsis.
    const target = change.getByRole('cell').filter({ hasText: title }).first();
    expect(await target.evaluate((cell) => cell.scrollWidth <= cell.clientWidth + 1)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`audit-ledger-${width}.png`), fullPage: true });
    await change.getByRole('button', { name: '查看差异' }).click();
    const diff = page.getByRole('region', { name: '正文差异' });
    await expect(diff.getByLabel(/^删除：<p>第二段，/)).toBeVisible();
    await expect(diff.getByLabel(/^新增：<p>第二段已修改/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`audit-diff-${width}.png`) });
    await page.keyboard.press('Escape');
  }
});

test('只读审计 opens 发布管理 read-only: versions and history in Beijing time, nothing that moves a pin', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openConsoleAs(page, DEMO_STAFF.auditor, '/admin/releases');
  await expect(page.getByTestId('page-title')).toHaveText('发布管理');
  await expect(page.getByText(/^只读：/)).toBeVisible();
  const row = page.getByRole('row', { name: /public-content/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: '固定版本' })).toHaveCount(0);
  await row.getByRole('button', { name: /历\s*史/ }).click();
  const history = page.getByRole('region', { name: 'public-content 发布历史' });
  const lines = (await releaseApi<{ history: { at: string }[] }>('/v1/releases/history?remote=public-content')).history;
  if (lines.length > 0) await expect(history.getByRole('row').nth(1)).toContainText(formatBeijingTime(lines[0]!.at));
  await page.screenshot({ path: test.info().outputPath('releases-readonly-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('releases-readonly-1440.png'), fullPage: true });
});
