import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import type { CertificateRow } from '@yaoshi/contracts/certificates';
import { LEARNERS, apiCall, loginWithToken } from './support/accounts';
import { skipTextAdvertisement } from './support/site';
import { DEMO_STAFF, openConsoleAs, staffApiLogin } from './support/staff';

/**
 * 学时证明: 陈静's current year is complete and her archive review (档案审核) passed in the
 * demo data, so she downloads her certificate from /myCourse at once; its text (pdftotext)
 * names her and her hours; the QR code's address, printed under it, opens /verify, which says
 * genuine; after 学员管理 revokes it (through the API) the same page says revoked. 刘洋 has
 * finished the same year and waits: /myCourse tells him by when, and once 学员管理 passes his
 * review in the console his download appears.
 */

const LOAD_TIMEOUT = 30_000;

test('a learner whose review is pending is told by when; passed in 档案审核, the download appears', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const learner = LEARNERS.liu;
  const page = await browser.newPage();
  await skipTextAdvertisement(page);
  await loginWithToken(page, learner);
  await page.goto('/myCourse');
  await expect(page.getByRole('region', { name: '学习概况' })).toBeVisible({ timeout: LOAD_TIMEOUT });
  const congratulation = page.getByRole('dialog', { name: '恭喜' });
  await expect(congratulation).toBeVisible();
  await congratulation.getByRole('button', { name: /确\s*定/ }).click();

  // The review is pending: one sentence with its due day and what follows, and no button yet.
  await expect(
    page.getByText(/协会将在7个工作日内（\d{4}-\d{2}-\d{2}前）完成学习档案审核，审核通过后即可下载学时证明/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: '下载学时证明' })).toHaveCount(0);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`my-course-review-pending-${width}.png`) });
  }

  // 学员管理 passes his review in 档案审核.
  const console = await browser.newPage();
  await openConsoleAs(console, DEMO_STAFF.registrar, '/admin/archive-reviews');
  const table = console.getByRole('table', { name: '档案审核' });
  const row = table.getByRole('row').filter({ hasText: learner.name });
  await expect(row).toContainText('待审核', { timeout: LOAD_TIMEOUT });
  await expect(row).toContainText('60.0');
  await expect(row).toContainText('30.0');
  // 陈静's review, passed in the demo data, is not among the pending ones.
  await expect(table.getByRole('row').filter({ hasText: LEARNERS.chen.name })).toHaveCount(0);
  await console.screenshot({ path: test.info().outputPath('archive-review-pending-1280.png') });
  await row.getByRole('button', { name: /^通\s*过$/ }).click();
  await console
    .getByRole('tooltip')
    .getByRole('button', { name: /^通\s*过$/ })
    .click();
  await expect(console.getByText(`已通过 ${learner.name} 的学习档案审核`)).toBeVisible({ timeout: LOAD_TIMEOUT });
  // The list shows the pending ones by default: his has left it.
  await expect(table.getByRole('row').filter({ hasText: learner.name })).toHaveCount(0);
  await console.close();

  await page.reload();
  await expect(page.getByRole('region', { name: '学习概况' })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole('button', { name: '下载学时证明' })).toBeVisible();
  await page.close();
});

test('a learner whose review passed downloads her certificate; its verify page says genuine, then revoked', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const learner = LEARNERS.chen;
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await skipTextAdvertisement(page);
  await loginWithToken(page, learner);
  await page.goto('/myCourse');
  await expect(page.getByRole('region', { name: '学习概况' })).toBeVisible({ timeout: LOAD_TIMEOUT });
  // Every course finished: the congratulation is shown once.
  const congratulation = page.getByRole('dialog', { name: '恭喜' });
  await expect(congratulation).toBeVisible();
  await congratulation.getByRole('button', { name: /确\s*定/ }).click();

  // Her review passed in the demo data: the download is offered at once, and no pending note.
  await expect(page.getByText(/完成学习档案审核/)).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载学时证明' }).click();
  const file = await download;
  const match = /^学时证明-(\d{4})-(XS\d{4}[0-9A-Z]{10})\.pdf$/.exec(file.suggestedFilename());
  expect(match, file.suggestedFilename()).not.toBeNull();
  const certificateNo = match![2]!;
  const text = execFileSync('pdftotext', [await file.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('继续教育学时证明');
  expect(text).toContain(`姓名：${learner.name}`);
  expect(text).toContain('身份证号：320102********0020');
  expect(text).not.toContain(learner.idcard);
  expect(text).toContain('合计：90.0学时');
  expect(text).toContain('专业课：60.0学时');
  expect(text).toContain('公需课：30.0学时');
  expect(text).toContain(certificateNo);
  await page.screenshot({ path: test.info().outputPath('my-course-certificate-1280.png') });

  // The QR code's address is printed beside it.
  const verifyUrl = /(https?:\/\/\S+\/verify\?no=\S+)/.exec(text)?.[1];
  expect(verifyUrl, text).toBeDefined();
  expect(verifyUrl).toContain(`/verify?no=${certificateNo}`);

  // The public page needs no login: a fresh context with no token.
  const visitor = await browser.newPage();
  await skipTextAdvertisement(visitor);
  await visitor.goto(verifyUrl!);
  const verdict = visitor.getByRole('region', { name: '验证结果' });
  await expect(verdict).toContainText('该学时证明真实有效', { timeout: LOAD_TIMEOUT });
  await expect(verdict).toContainText('陈*');
  await expect(verdict).toContainText('90.0学时');
  await expect(visitor.locator('body')).not.toContainText(learner.idcard);
  await expect(visitor.locator('body')).not.toContainText(learner.phone);
  await visitor.screenshot({ path: test.info().outputPath('verify-genuine-1280.png') });

  // A second download keeps the number.
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载学时证明' }).click();
  expect((await again).suggestedFilename()).toBe(file.suggestedFilename());

  const token = await staffApiLogin(DEMO_STAFF.registrar);
  const revoked = await apiCall<CertificateRow>(
    'POST',
    '/v1/admin/certificates/revoke',
    { certificate_no: certificateNo, reason: '学习档案审核不通过' },
    token,
  );
  expect(revoked.code, revoked.message).toBe(200);

  await visitor.reload();
  await expect(verdict).toContainText('该学时证明已被撤销', { timeout: LOAD_TIMEOUT });
  await expect(verdict).toContainText('陈*');
  await visitor.screenshot({ path: test.info().outputPath('verify-revoked-1280.png') });

  await page.reload();
  await expect(page.getByText('您本年度的学时证明已被撤销')).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole('button', { name: '下载学时证明' })).toHaveCount(0);
  await visitor.close();
  await context.close();
});
