import type ExcelJS from 'exceljs';
import { newWorkbook } from '../spreadsheets/workbook';
import {
  REPORT_KIND_LABELS,
  type CompletedLearner,
  type ReportGroup,
  type YearReport,
} from '@yaoshi/contracts/reports';
import { ARCHIVE_REVIEW_WORKING_DAYS } from '@yaoshi/contracts/study-rules';

/**
 * 统计报表 as .xlsx (exceljs, as 学员管理's import): the same numbers the page shows, one
 * sheet per table. Made by the `report-export` job (report-exports.ts), kept in storage, and
 * sent base64 in the envelope like the import template when the console downloads it.
 */

export interface Workbook {
  fileName: string;
  content: Buffer;
  /** Data rows written: groups of the three tables, or learners. */
  rows: number;
}

export const GROUP_COLUMNS = ['报名人数', '完成人数', '完成学时', '完成率（%）'] as const;
export const COMPLETED_COLUMNS = [
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
] as const;

function addGroupSheet(workbook: ExcelJS.Workbook, title: string, nameHeader: string, groups: readonly ReportGroup[]) {
  const sheet = workbook.addWorksheet(title);
  sheet.columns = [nameHeader, ...GROUP_COLUMNS].map((header, index) => ({ header, width: index === 0 ? 32 : 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const group of groups)
    sheet.addRow([group.name, group.enrolled, group.completed, group.hours_completed, group.completion_rate]);
  for (const column of [4, 5]) sheet.getColumn(column).numFmt = '0.0';
}

async function written(workbook: ExcelJS.Workbook, fileName: string, rows: number): Promise<Workbook> {
  return { fileName, content: Buffer.from(await workbook.xlsx.writeBuffer()), rows };
}

/** What an export of `report` for `year` is called. */
export function workbookName(year: number, report: keyof typeof REPORT_KIND_LABELS): string {
  return `${year}年度${REPORT_KIND_LABELS[report]}.xlsx`;
}

export async function summaryWorkbook(report: YearReport): Promise<Workbook> {
  const workbook = await newWorkbook();
  addGroupSheet(workbook, '合计', '范围', [report.summary]);
  addGroupSheet(workbook, '按单位', '工作单位', report.by_unit);
  addGroupSheet(workbook, '按地区', '地区', report.by_region);
  return written(workbook, workbookName(report.year, 'summary'), 1 + report.by_unit.length + report.by_region.length);
}

export async function completedWorkbook(year: number, list: readonly CompletedLearner[]): Promise<Workbook> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet('完成名单');
  sheet.columns = COMPLETED_COLUMNS.map((header) => ({
    header,
    width: header === '身份证号' ? 22 : header === '工作单位' ? 30 : 14,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(3).numFmt = '@';
  list.forEach((learner, index) =>
    sheet.addRow([
      index + 1,
      learner.name,
      learner.id_number,
      learner.unit,
      learner.region,
      learner.professional_hours,
      learner.public_hours,
      learner.hours_completed,
      learner.completed_on,
      learner.review_due_on,
    ]),
  );
  for (const column of [6, 7, 8]) sheet.getColumn(column).numFmt = '0.0';
  const note = workbook.addWorksheet('说明');
  note.columns = [{ width: 80 }];
  note.addRow([`${year}年度完成全部要求学时的学员，供协会审核归档（${ARCHIVE_REVIEW_WORKING_DAYS}个工作日内完成）。`]);
  note.addRow([`审核截止日期为完成日期后第${ARCHIVE_REVIEW_WORKING_DAYS}个工作日（不含周六、周日，法定节假日另计）。`]);
  return written(workbook, workbookName(year, 'completed'), list.length);
}
