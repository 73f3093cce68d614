import { expect, test } from '@playwright/test';
import { DEMO_STAFF, staffLoginPage } from './support/staff';

/**
 * 学员管理's 年底学时提醒 (issue 37): choose the year and hours missing, preview the count, send by
 * mail; the campaign appears with its counts (the reminders-send job sends it each minute).
 */
test.setTimeout(120_000);

test('学员管理 previews and sends a year-end reminder by mail; the campaign is listed with its counts', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await staffLoginPage(page, DEMO_STAFF.registrar);
  await expect(page.getByTestId('page-title')).toHaveText('学员管理');
  await page.getByRole('button', { name: '年底学时提醒' }).click();
  const dialog = page.getByRole('dialog', { name: '年底学时提醒' });
  await dialog.getByRole('spinbutton', { name: '还差学时至少' }).fill('1');
  await dialog.getByRole('radio', { name: '邮件' }).check();
  await dialog.getByRole('button', { name: '预览人数' }).click();
  const summary = dialog.getByText(/^符合条件的学员 \d+ 名$/);
  await expect(summary).toBeVisible();
  const selected = Number(/\d+/.exec((await summary.textContent()) ?? '')![0]);
  expect(selected).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: '发送提醒' }).click();
  const done = page.getByRole('dialog', { name: `已发起提醒：共${selected}名学员，后台正在发送` });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: '知道了' }).click();
  const campaigns = dialog.getByRole('table', { name: '已发起的提醒' });
  await expect(campaigns).toContainText('邮件');
  await expect(campaigns.getByRole('row').nth(1)).toContainText(String(selected));
  // 发起人 is the staff member's name, as the audit page shows it.
  await expect(campaigns.getByRole('row').nth(1)).toContainText('吴学籍');
  await page.screenshot({ path: test.info().outputPath('reminders-1280.png') });
});
