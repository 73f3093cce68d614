import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { YearReport } from '@yaoshi/contracts/reports';
import { apiCall } from './support/accounts';
import { DEMO_STAFF, openConsoleAs, staffApiLogin } from './support/staff';

/**
 * 统计报表 (issue 20): 只读审计 (reports.read) opens the page from the console menu, sees the
 * demo year's numbers — the same the server reports, with 王芳's and 赵敏's study in it —
 * and the completion chart, the tables fit 1280 px, and both exports download an .xlsx that
 * holds the same numbers, read back with exceljs.
 */
test.setTimeout(120_000);

/** 王芳's region in the demo learners (api/demo/learners.json). Her work unit is not fixed: accounts.spec.ts changes it. */
const WANG_REGION = '上海市';

async function workbookOf(download: Download): Promise<ExcelJS.Workbook> {
  const bytes = readFileSync(await download.path());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return workbook;
}

function rowValues(sheet: ExcelJS.Worksheet | undefined, row: number): unknown[] {
  expect(sheet).toBeDefined();
  return (sheet!.getRow(row).values as unknown[]).slice(1);
}

async function exported(page: Page, button: string): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  return download;
}

test('只读审计 opens 统计报表: the year’s numbers, the chart, tables that fit, and .xlsx exports', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const adminScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/admin/') && request.resourceType() === 'script')
      adminScripts.push(request.url());
  });
  await openConsoleAs(page, DEMO_STAFF.auditor, '/admin/audit');
  await page.getByRole('menuitem', { name: '统计报表' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByTestId('page-title')).toHaveText('统计报表');
  await expect(page).toHaveTitle('统计报表 - 管理后台');

  const summary = page.getByRole('group', { name: '年度汇总' });
  await expect(summary).toBeVisible();
  const token = await staffApiLogin(DEMO_STAFF.auditor);
  const reply = await apiCall<YearReport>('GET', '/v1/admin/reports/year', {}, token);
  expect(reply.code).toBe(200);
  const report = reply.data;
  // The demo's current year: 王芳 and 赵敏 are enrolled (api/src/seed/study-seed.ts).
  expect(report.summary.enrolled).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('combobox', { name: '年度' })).toBeVisible();
  await expect(page.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText(
    `${report.year}年度`,
  );
  await expect(summary).toContainText(`报名人数${report.summary.enrolled}`);
  await expect(summary).toContainText(`完成人数${report.summary.completed}`);
  await expect(summary).toContainText(`完成学时${report.summary.hours_completed.toFixed(1)}`);
  await expect(summary).toContainText(`完成率${report.summary.completion_rate.toFixed(1)}%`);

  const units = page.getByRole('table', { name: '按单位统计' });
  // A unit with learners enrolled this year (王芳's, whatever it is called by now).
  const wangUnit = report.by_unit.find((group) => group.enrolled > 0)!;
  expect(wangUnit).toBeDefined();
  await expect(
    units.getByRole('row', { name: new RegExp(`^${wangUnit.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }),
  ).toContainText(
    `${wangUnit.name}${wangUnit.enrolled}${wangUnit.completed}${wangUnit.hours_completed.toFixed(1)}${wangUnit.completion_rate.toFixed(1)}%`,
  );
  const regions = page.getByRole('table', { name: '按地区统计' });
  const wangRegion = report.by_region.find((group) => group.name === WANG_REGION)!;
  expect(wangRegion).toBeDefined();
  await expect(regions.getByRole('row', { name: new RegExp(`^${WANG_REGION}`) })).toContainText(
    `${WANG_REGION}${wangRegion.enrolled}${wangRegion.completed}`,
  );

  // The chart: per region a bar of its learners, completed and not, drawn by the console's chart library.
  const chart = page.getByRole('figure', { name: '各地区完成率图' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg.recharts-surface[role=application]')).toBeVisible();
  const segments = report.by_region.reduce(
    (count, group) => count + (group.completed > 0 ? 1 : 0) + (group.enrolled > group.completed ? 1 : 0),
    0,
  );
  await expect(chart.locator('.recharts-bar-rectangle path')).toHaveCount(segments);
  await expect(chart).toContainText(`${WANG_REGION} ${wangRegion.completion_rate.toFixed(1)}%`);
  await expect(chart).toContainText('已完成');
  await expect(chart).toContainText('未完成');

  const completedList = page.getByRole('table', { name: '完成学习人员名单' });
  await expect(completedList).toBeVisible();
  await expect(page.getByText(/7个工作日内完成审核归档/)).toBeVisible();

  // Every table fits the 1280 px screen.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  for (const scroller of await page.locator('.ant-table-content').all()) {
    const overflow = await scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  }
  await page.screenshot({ path: test.info().outputPath('reports-1280.png'), fullPage: true });
  expect(adminScripts.length).toBeGreaterThan(0);

  // 导出统计表: the numbers of the page, one sheet per table.
  const summaryFile = await exported(page, '导出统计表');
  expect(summaryFile.suggestedFilename()).toBe(`${report.year}年度学习情况统计.xlsx`);
  const summaryBook = await workbookOf(summaryFile);
  expect(summaryBook.worksheets.map((sheet) => sheet.name)).toEqual(['合计', '按单位', '按地区']);
  expect(rowValues(summaryBook.getWorksheet('合计'), 1)).toEqual([
    '范围',
    '报名人数',
    '完成人数',
    '完成学时',
    '完成率（%）',
  ]);
  expect(rowValues(summaryBook.getWorksheet('合计'), 2)).toEqual([
    '合计',
    report.summary.enrolled,
    report.summary.completed,
    report.summary.hours_completed,
    report.summary.completion_rate,
  ]);
  const unitRows: unknown[][] = [];
  summaryBook.getWorksheet('按单位')!.eachRow((row, number) => {
    if (number > 1) unitRows.push((row.values as unknown[]).slice(1));
  });
  expect(unitRows).toContainEqual([
    wangUnit.name,
    wangUnit.enrolled,
    wangUnit.completed,
    wangUnit.hours_completed,
    wangUnit.completion_rate,
  ]);
  await expect(page.getByText(`已导出 ${report.year}年度学习情况统计.xlsx`)).toBeVisible();

  // 导出完成名单: the archive review's list, with its columns and one row per completed learner.
  const completedFile = await exported(page, '导出完成名单');
  expect(completedFile.suggestedFilename()).toBe(`${report.year}年度完成学习人员名单.xlsx`);
  const completedBook = await workbookOf(completedFile);
  const sheet = completedBook.getWorksheet('完成名单');
  expect(rowValues(sheet, 1)).toEqual([
    '序号',
    '姓名',
    '身份证号',
    '工作单位',
    '地区',
    '专业课学时',
    '公需课学时',
    '合计学时',
    '完成日期',
    '审核截止日期',
  ]);
  expect(sheet!.rowCount - 1).toBe(report.summary.completed);

  // Both were made by the export job and stay listed under 导出记录, each with 下载, in view.
  const exports = page.getByRole('table', { name: '导出记录' });
  for (const fileName of [`${report.year}年度学习情况统计.xlsx`, `${report.year}年度完成学习人员名单.xlsx`]) {
    const download = exports.getByRole('button', { name: `下载 ${fileName}` }).first();
    await download.scrollIntoViewIfNeeded();
    await expect(download).toBeInViewport();
  }
  await expect(exports.getByText('已完成').first()).toBeVisible();
  const again = page.waitForEvent('download');
  await exports
    .getByRole('button', { name: `下载 ${report.year}年度学习情况统计.xlsx` })
    .first()
    .click();
  expect((await again).suggestedFilename()).toBe(`${report.year}年度学习情况统计.xlsx`);
  await page.screenshot({ path: test.info().outputPath('reports-exports-1280.png'), fullPage: true });
  await page.close();
});
