import { readFileSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { LEARNERS, apiCall } from './support/accounts';
import { testIdNumber } from './support/orders';
import { skipTextAdvertisement } from './support/site';
import { DEMO_STAFF, staffApiLogin, staffLoginPage } from './support/staff';

/** 学员管理 imports learners from the template's .xlsx (issue 18). */
test.setTimeout(120_000);

/** A valid ID number of 南京市玄武区, distinct per run. */
const idNumber = (serial: number) => testIdNumber(serial, '320102');

test('学员管理 imports an .xlsx with 3 good and 2 bad rows, reads the report, confirms; a new learner logs in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const run = Number(String(Date.now()).slice(-7));
  const good = [0, 1, 2].map((i) => ({
    name: `导入${['甲', '乙', '丙'][i]}`,
    idcard: idNumber(run + i),
    phone: `137${String(run + i)
      .padStart(8, '0')
      .slice(-8)}`,
  }));
  const badId = idNumber(run + 3).slice(0, 17) + (idNumber(run + 3).endsWith('0') ? '1' : '0');

  await staffLoginPage(page, DEMO_STAFF.registrar);
  await expect(page.getByTestId('page-title')).toHaveText('学员管理');
  await page.getByRole('button', { name: '导入学员' }).click();
  const dialog = page.getByRole('dialog', { name: '导入学员' });

  // The template, downloaded from the dialog, filled in as the operator would.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载模板' }).click();
  const template = await download;
  expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  const bytes = readFileSync(await template.path());
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    '姓名',
    '身份证号',
    '手机号',
    '证书类型',
    '工作单位',
  ]);
  sheet.addRow([good[0]!.name, good[0]!.idcard, good[0]!.phone, '执业西药师', '南京市鼓楼医院']);
  sheet.addRow(['错号学员', badId, '13900099991', '执业西药师', '']);
  sheet.addRow([good[1]!.name, good[1]!.idcard, good[1]!.phone, '执业中药师', '']);
  sheet.addRow(['重号学员', idNumber(run + 4), LEARNERS.zhang.phone, '从业药师', '南京市药房']);
  sheet.addRow([good[2]!.name, good[2]!.idcard, good[2]!.phone, '从业药师', '南京市药房']);
  const filled = test.info().outputPath('学员导入.xlsx');
  writeFileSync(filled, Buffer.from(await workbook.xlsx.writeBuffer()));

  await dialog.locator('input[type=file]').setInputFiles(filled);
  const report = dialog.getByRole('region', { name: '检查结果' });
  await expect(report).toContainText('共5行：可导入3行，未通过2行');
  const failed = report.getByRole('table', { name: '未通过的行' });
  await expect(failed.getByRole('row')).toHaveCount(3);
  await expect(failed.getByRole('row').nth(1)).toContainText('错号学员');
  await expect(failed.getByRole('row').nth(1)).toContainText('请输入正确的身份证号');
  await expect(failed.getByRole('row').nth(2)).toContainText('重号学员');
  await expect(failed.getByRole('row').nth(2)).toContainText('该手机号已有学员账号');
  // Nothing is imported before the confirmation: the server knows none of the good rows yet.
  const registrar = await staffApiLogin(DEMO_STAFF.registrar);
  for (const learner of [...good, { idcard: badId }]) {
    const found = await apiCall<{ total: number }>('GET', '/v1/admin/learners', { keyword: learner.idcard }, registrar);
    expect(found.code, found.message).toBe(200);
    expect(found.data.total, learner.idcard).toBe(0);
  }
  await page.getByRole('form', { name: '筛选' }).getByLabel('身份证号').fill(good[1]!.idcard);
  await page.screenshot({ path: test.info().outputPath('import-report-1280.png') });

  await dialog.getByRole('button', { name: '确认导入3名学员' }).click();
  await expect(page.getByText('已导入3名学员')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const list = page.getByRole('table', { name: '学员列表' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list).toContainText(good[1]!.name);

  // A new learner signs in on the site with the initial password (last 6 of the ID number).
  await page.context().clearCookies();
  await skipTextAdvertisement(page);
  await page.goto('/');
  const box = page.getByRole('form', { name: '学员登录' });
  await box.getByLabel('身份证号/手机号').fill(good[1]!.phone);
  await box.getByLabel('密码').fill(good[1]!.idcard.slice(-6));
  await box.getByRole('button', { name: /登\s*录/ }).click();
  // Signed in; with no face photo yet, the site sends them to collect one first (spec 01 §2).
  await expect(page).toHaveURL(/\/faceCollection$/);
  await expect(page.getByRole('main')).toContainText('人脸采集');
});
