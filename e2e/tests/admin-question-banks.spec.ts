import { readFileSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import type { BankQuestions } from '@yaoshi/contracts/question-banks';
import { LEARNERS, apiCall, apiLogin, loginWithToken } from './support/accounts';
import { skipTextAdvertisement } from './support/site';
import { DEMO_STAFF, staffApiLogin, staffLoginPage } from './support/staff';

/**
 * 题库管理 (issue 20): 课程管理 downloads the template, uploads a file with bad rows and reads
 * the report (nothing imported), uploads the corrected file and confirms, previews a
 * question; 王芳 then practises that course and meets the imported questions.
 */
// Two uploads, a sign-in that may wait for the next TOTP step, and a learner's paper: minutes on a busy machine.
test.setTimeout(300_000);

type Row = (string | null)[];
const blank = (n: number): null[] => Array.from({ length: n }, () => null);

/** A professional paper's worth (10 single, 5 multiple, 5 true/false), stems marked with the run's tag. */
function fullBank(tag: string): Row[] {
  return [
    ...Array.from({ length: 10 }, (_, i): Row => [
      '单选题',
      `${tag}单选第${i + 1}题`,
      '甲',
      '乙',
      '丙',
      '丁',
      ...blank(4),
      'B',
    ]),
    ...Array.from({ length: 5 }, (_, i): Row => [
      '多选题',
      `${tag}多选第${i + 1}题`,
      '甲',
      '乙',
      '丙',
      ...blank(5),
      'AC',
    ]),
    ...Array.from({ length: 5 }, (_, i): Row => ['判断题', `${tag}判断第${i + 1}题`, ...blank(8), '正确']),
  ];
}

/** The downloaded template with its example rows replaced by `rows` (at least as many), written where the test keeps its files. */
async function filledTemplate(templatePath: string, rows: readonly Row[], name: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const bytes = readFileSync(templatePath);
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = workbook.worksheets[0]!;
  // Every data row written over, cell by cell, from row 2 (more rows than the template's examples).
  const columns = sheet.getRow(1).cellCount;
  rows.forEach((values, index) => {
    const row = sheet.getRow(index + 2);
    for (let column = 1; column <= columns; column += 1) row.getCell(column).value = values[column - 1] ?? null;
  });
  const file = test.info().outputPath(name);
  writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
  return file;
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('课程管理 imports a course bank from the template, all or nothing, previews a question; the learner practises it', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = `E2E${String(Date.now()).slice(-6)}`;

  // 王芳's paid professional course of the newest year: the bank this test fills.
  const learnerToken = await apiLogin(LEARNERS.wang.idcard, LEARNERS.wang.password);
  const years = await apiCall<{ year: number }[]>('GET', '/v1/academic_year', {}, learnerToken);
  const year = years.data[0]!.year;
  const mine = await apiCall<{ courses: { cid: number; name: string }[] }>(
    'GET',
    '/v1/mycourses',
    { year, type: 1 },
    learnerToken,
  );
  expect(mine.code, mine.message).toBe(200);
  const course = mine.data.courses[0]!;

  // 课程管理's console opens on its first page (学习年度); the menu leads to 题库管理.
  await staffLoginPage(page, DEMO_STAFF.courses);
  await expect(page.getByTestId('page-title')).toHaveText('学习年度');
  await page.getByRole('menuitem', { name: '题库管理' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('题库管理');
  await expect(page.getByRole('combobox', { name: '年度' })).toBeVisible();
  await page.getByRole('combobox', { name: '课程' }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `${course.name}（专业课）` })
    .click();
  await expect(page.getByTestId('bank-readiness')).toContainText('题库题量不足');
  await shoot(page, 'bank-empty');

  await page.getByRole('button', { name: '导入题目' }).click();
  const dialog = page.getByRole('dialog', { name: `导入题目：${course.name}` });

  // The template: a header row, an example of each kind, and the instructions sheet.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载模板' }).click();
  const template = await download;
  expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
  const templatePath = await template.path();
  const workbook = new ExcelJS.Workbook();
  const bytes = readFileSync(templatePath);
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['题型', '题干']);
  expect([2, 3, 4].map((row) => sheet.getRow(row).getCell(1).value)).toEqual(['单选题', '多选题', '判断题']);
  expect(workbook.worksheets[1]!.name).toBe('说明');

  // A file with two bad rows (spreadsheet rows 4 and 6): the report names them, nothing is imported.
  const good = fullBank(tag);
  const bad = [...good];
  bad[2] = ['多选题', `${tag}只有一个答案的多选题`, '甲', '乙', '丙', ...blank(5), 'B'];
  bad[4] = ['单选题', null, '甲', ...blank(7), 'E'];
  await dialog.locator('input[type=file]').setInputFiles(await filledTemplate(templatePath, bad, '题库-有错.xlsx'));
  const report = dialog.getByRole('region', { name: '检查结果' });
  await expect(report).toContainText('共20行：2行未通过检查，不能导入');
  const failed = report.getByRole('table', { name: '未通过的行' });
  await expect(failed.getByRole('row')).toHaveCount(3);
  await expect(failed.getByRole('row').nth(1)).toContainText('4');
  await expect(failed.getByRole('row').nth(1)).toContainText('多选题至少要有两个答案');
  await expect(failed.getByRole('row').nth(2)).toContainText('6');
  await expect(failed.getByRole('row').nth(2)).toContainText('题干不能为空');
  await expect(failed.getByRole('row').nth(2)).toContainText('答案不在选项中');
  await expect(dialog.getByRole('button', { name: /确认导入/ })).toBeDisabled();
  await shoot(page, 'import-report');
  const staffToken = await staffApiLogin(DEMO_STAFF.courses);
  const empty = await apiCall<BankQuestions>(
    'GET',
    '/v1/admin/question-banks/questions',
    { cid: course.cid },
    staffToken,
  );
  expect(empty.data.total).toBe(0);

  // The corrected file passes and is imported on confirmation, in one go.
  await dialog.locator('input[type=file]').setInputFiles(await filledTemplate(templatePath, good, '题库.xlsx'));
  await expect(report).toContainText('共20行，全部通过检查');
  await dialog.getByRole('button', { name: '确认导入20道题目' }).click();
  await expect(page.getByText('已导入20道题目')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('bank-readiness')).toContainText('题库可以组卷');
  const table = page.getByRole('table', { name: '题目' });
  await expect(table).toContainText(`${tag}判断第5题`);
  await shoot(page, 'bank-filled');

  // The preview is the learner's question card.
  const row = table.getByRole('row').filter({ hasText: `${tag}多选第1题` });
  await row.getByRole('button', { name: /预\s*览/ }).click();
  const preview = page.getByRole('dialog', { name: '预览（学员试卷中的样子）' });
  const card = preview.getByRole('region', { name: '第1题' });
  await expect(card).toContainText(`${tag}多选第1题`);
  await expect(card).toContainText('多选题');
  await card.getByRole('checkbox').first().check();
  await card.getByRole('checkbox').nth(2).check();
  await card.getByRole('button', { name: /确定答案/ }).click();
  await expect(preview).toContainText('正确答案：A、C；所选：A、C');
  await shoot(page, 'preview');

  // 王芳 practises the course: her paper is drawn from the imported bank.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const learner = await context.newPage();
  await skipTextAdvertisement(learner);
  await loginWithToken(learner, LEARNERS.wang);
  await learner.goto(`/examList?year=${year}`);
  await learner.getByRole('button', { name: course.name, exact: true }).click();
  await expect(learner).toHaveURL(/\/exam\?pid=\d+$/);
  const first = learner.getByRole('region', { name: '第1题' });
  await expect(first).toContainText(tag);
  await expect(learner.getByText('已答 0 / 20')).toBeVisible();
  await learner.screenshot({ path: test.info().outputPath('learner-paper-1280.png') });
  await context.close();
});
