import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * 统计报表 (issue 20): per study year, learners enrolled, hours completed and completion
 * rate, in all and by unit (the learner's 工作单位) and by region; the learners who completed
 * the year, for the association's archive review (up to 7 working days, spec 02 §4); every
 * report as .xlsx. Reads need `reports.read` and leave no audit record; an export carries
 * personal data out of the system, so it is a POST with an audit record (`report.export`).
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

export const reportEndpoints = {
  yearReport: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/reports/year',
    auth: 'staff',
    permission: 'reports.read',
    /** No year: the newest study year. */
    request: z.strictObject({ year: yearField.optional() }),
    response: yearReportSchema,
  }),
  completedLearners: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/reports/completed',
    auth: 'staff',
    permission: 'reports.read',
    request: z.strictObject({
      year: yearField,
      page: z.number().int().min(1).default(1),
      size: z.number().int().min(1).max(100).default(20),
    }),
    response: z.object({ total: z.number().int(), list: z.array(completedLearnerSchema) }),
  }),
  exportReport: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/reports/export',
    auth: 'staff',
    permission: 'reports.read',
    request: z.strictObject({ year: yearField, report: z.enum(REPORT_KINDS, { error: '报表类型不存在' }) }),
    response: z.object({ file_name: z.string(), xlsx_base64: z.string() }),
  }),
};
