import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import * as reportRoutes from './routes/reports';

/**
 * 统计报表 (issue 20): per study year, learners enrolled, hours completed and completion
 * rate, in all and by unit (the learner's 工作单位) and by region; the learners who completed
 * the year, for the association's archive review (up to 7 working days, spec 02 §4); every
 * report as .xlsx. Reads need `reports.read` and leave no audit record; an export carries
 * personal data out of the system, so it is a POST with an audit record (`report.export`).
 *
 * An export is a background job (issue 21): the POST records it 排队中 and answers at once; a
 * server of the cluster makes the workbook and keeps it in storage; the console follows its
 * status (`exports`) and downloads it when it is 已完成 (`exportFile`).
 */

const yearField = z.number({ error: '请选择年度' }).int().min(2000).max(2100);

/** One line of a report: a group of learners (a unit, a region, or everyone). */
export const reportGroupSchema = z.object({
  name: z.string(),
  /** Learners with a live enrolment in the year. */
  enrolled: z.number().int(),
  /** Of them, those who completed the year (`yearCompleted`). */
  completed: z.number().int(),
  /** Hours of the courses they finished (progress 100), one decimal. */
  hours_completed: z.number(),
  /** completed ÷ enrolled in percent, one decimal (0 with nobody enrolled). */
  completion_rate: z.number(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const yearReportSchema = z.object({
  year: z.number().int(),
  /** The study years in the study list's order (the default, `year` without one, first), for the selector. */
  years: z.array(z.number().int()),
  summary: reportGroupSchema,
  by_unit: z.array(reportGroupSchema),
  by_region: z.array(reportGroupSchema),
});
export type YearReport = z.infer<typeof yearReportSchema>;

export const completedLearnerSchema = z.object({
  learner_id: z.number().int(),
  name: z.string(),
  /** In full, as in 学员管理: the archive review identifies the pharmacist by it. */
  id_number: z.string(),
  unit: z.string(),
  region: z.string(),
  professional_hours: z.number(),
  public_hours: z.number(),
  hours_completed: z.number(),
  /** The day the last course needed was finished (Beijing), 'YYYY-MM-DD'. */
  completed_on: z.string(),
  /** The archive review's due day: 7 working days later (spec 02 §4). */
  review_due_on: z.string(),
});
export type CompletedLearner = z.infer<typeof completedLearnerSchema>;

export const REPORT_KINDS = ['summary', 'completed'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  summary: '学习情况统计',
  completed: '完成学习人员名单',
};

/** What the region and unit columns say for a learner who left them blank. */
export const REPORT_UNFILLED = '未填写';

export const REPORT_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportExportStatus = (typeof REPORT_EXPORT_STATUSES)[number];
export const REPORT_EXPORT_STATUS_LABELS: Readonly<Record<ReportExportStatus, string>> = {
  queued: '排队中',
  running: '生成中',
  done: '已完成',
  failed: '失败',
};

/** An export still being made: the console polls it. */
export function reportExportInProgress(status: ReportExportStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** The exports the console lists: the newest this many. */
export const REPORT_EXPORTS_LISTED = 20;

export const REPORT_EXPORT_MESSAGES = {
  unknown: '导出记录不存在',
  notReady: '报表尚未生成完成，请稍后再下载',
  /** The file is gone (kept REPORT_EXPORT_KEEP_DAYS days). */
  expired: '导出文件已过期，请重新导出',
  /** A running export whose job was lost (its server stopped and the queue gave up). */
  interrupted: '生成中断：处理它的服务器已停止，请重新导出',
} as const;

/** Finished export files are deleted after this many days: they carry learners' personal data. */
export const REPORT_EXPORT_KEEP_DAYS = 7;

export const reportExportSchema = z.object({
  export_id: z.number().int(),
  year: z.number().int(),
  report: z.enum(REPORT_KINDS),
  report_text: z.string(),
  status: z.enum(REPORT_EXPORT_STATUSES),
  status_text: z.string(),
  /** Why it failed ('' otherwise). */
  reason: z.string(),
  file_name: z.string(),
  /** Data rows written (learners, or groups), once done. */
  rows: z.number().int().nullable(),
  requested_by: z.string(),
  created_at: z.string(),
  finished_at: z.string(),
  /** False once the file was deleted after REPORT_EXPORT_KEEP_DAYS. */
  downloadable: z.boolean(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;

const exportIdField = z.number({ error: '导出记录不存在' }).int().min(1).max(2_147_483_647);

export const reportEndpoints = {
  yearReport: defineEndpoint({
    ...reportRoutes.yearReport,
    /** No year: the newest study year. */
    request: z.strictObject({ year: yearField.optional() }),
    response: yearReportSchema,
  }),
  completedLearners: defineEndpoint({
    ...reportRoutes.completedLearners,
    request: z.strictObject({
      year: yearField,
      page: z.number().int().min(1).default(1),
      size: z.number().int().min(1).max(100).default(20),
    }),
    response: z.object({ total: z.number().int(), list: z.array(completedLearnerSchema) }),
  }),
  exportReport: defineEndpoint({
    ...reportRoutes.exportReport,
    request: z.strictObject({ year: yearField, report: z.enum(REPORT_KINDS, { error: '报表类型不存在' }) }),
    response: reportExportSchema,
  }),
  exports: defineEndpoint({
    ...reportRoutes.exports,
    request: z.strictObject({}),
    response: z.object({ list: z.array(reportExportSchema) }),
  }),
  exportFile: defineEndpoint({
    ...reportRoutes.exportFile,
    request: z.strictObject({ export_id: exportIdField }),
    response: z.object({ file_name: z.string(), xlsx_base64: z.string() }),
  }),
};
