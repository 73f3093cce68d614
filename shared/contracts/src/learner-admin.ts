import './zod-setup';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account-messages';
import { adminPageFields as pageFields, adminTimeText as timeText } from './admin-lists';
import { defineEndpoint, noPayload } from './endpoint';
import * as learnerAdminRoutes from './routes/learner-admin';
import { isMobilePhone, isValidIdNumber, normalizeIdNumber } from './identity-rules';
import {
  AVATAR_STATUS_VALUES,
  CERTIFICATION_TYPE_VALUES,
  PROFILE_TEXT_MAX_LENGTH,
  isChineseOnly,
} from './profile-rules';

/**
 * 学员管理 in the console (issue 18, permissions `learners.read` / `learners.write`): the
 * learner list and a learner's file, creating one, account actions (password reset, unlock,
 * disable, end sessions), and the .xlsx import (template, check, confirm). GET
 * /v1/admin/learners is a stable name for automation. Conventions of all console calls:
 * admin-lists.ts.
 */

export const LEARNER_SORT_FIELDS = ['created_at', 'name', 'id_number'] as const;

export const learnerListRequestSchema = z.strictObject({
  ...pageFields,
  /** Name, ID number or phone, in part. */
  keyword: z.string().trim().max(50).optional(),
  name: z.string().trim().max(50).optional(),
  id_number: z.string().trim().max(18).optional(),
  phone: z.string().trim().max(11).optional(),
  company: z.string().trim().max(50).optional(),
  /** A GB/T 2260 code: a province, city or county and everything in it. */
  region: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  avatar_status: z.union(AVATAR_STATUS_VALUES.map((value) => z.literal(value))).optional(),
  locked: z.boolean().optional(),
  sort: z.enum(LEARNER_SORT_FIELDS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type LearnerListRequest = z.input<typeof learnerListRequestSchema>;

export const learnerListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  id_number: z.string(),
  phone: z.string(),
  company: z.string(),
  region: z.string(),
  avatar_status: z.number().int(),
  locked: z.boolean(),
  /** The account was closed at the learner's request. */
  closed: z.boolean(),
  created_at: timeText,
});
export type LearnerListRow = z.infer<typeof learnerListRowSchema>;

export const learnerListResponseSchema = z.object({ total: z.number().int(), list: z.array(learnerListRowSchema) });
export type LearnerListResponse = z.infer<typeof learnerListResponseSchema>;

/**
 * A new learner, as 学员管理 creates one or imports a row: the fields the learner cannot
 * change later (spec 01 §6: name, ID number, phone, certification type) checked by the
 * profile's own rules, and the work unit if given. The rest the learner fills in.
 */
export const newLearnerSchema = z.strictObject({
  name: z
    .string({ error: ACCOUNT_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.nameRequired })
    .max(PROFILE_TEXT_MAX_LENGTH, { error: ACCOUNT_MESSAGES.fieldTooLong(PROFILE_TEXT_MAX_LENGTH) }),
  idcard: z
    .string({ error: ACCOUNT_MESSAGES.idNumberRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.idNumberRequired })
    .refine(isValidIdNumber, { error: ACCOUNT_MESSAGES.idNumberInvalid })
    .transform(normalizeIdNumber),
  phone: z
    .string({ error: ACCOUNT_MESSAGES.phoneRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.phoneRequired })
    .refine(isMobilePhone, { error: ACCOUNT_MESSAGES.phoneInvalid }),
  certification_type: z.union(
    CERTIFICATION_TYPE_VALUES.map((value) => z.literal(value)),
    { error: ACCOUNT_MESSAGES.certificationTypeRequired },
  ),
  company: z
    .string()
    .trim()
    .max(PROFILE_TEXT_MAX_LENGTH, { error: ACCOUNT_MESSAGES.fieldTooLong(PROFILE_TEXT_MAX_LENGTH) })
    .refine((value) => value === '' || isChineseOnly(value), { error: ACCOUNT_MESSAGES.companyChineseOnly })
    .optional(),
});
export type NewLearner = z.input<typeof newLearnerSchema>;

const learnerIdSchema = z.strictObject({ id: z.number().int().positive() });

export const learnerDetailSchema = z.object({
  id: z.number().int(),
  profile: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  avatar_status: z.number().int(),
  avatar_reject_reason: z.string().nullable(),
  locked: z.boolean(),
  disabled: z.boolean(),
  /** Beijing time the account was closed at the learner's request; null while open. */
  closed_at: timeText.nullable(),
  must_change_password: z.boolean(),
  live_sessions: z.number().int(),
  years: z.array(
    z.object({
      year: z.number().int(),
      courses: z.array(
        z.object({
          course_id: z.number().int(),
          name: z.string(),
          kind: z.string(),
          hours: z.number(),
          progress: z.number().int(),
          completed: z.boolean(),
          withdrawn: z.boolean(),
        }),
      ),
      hours_completed: z.number(),
      hours_enrolled: z.number(),
    }),
  ),
  orders: z.array(
    z.object({
      order_no: z.string(),
      year: z.number().int(),
      name: z.string(),
      amount: z.number(),
      pay_status: z.number().int(),
      refund_status: z.number().int(),
      is_receipt: z.number().int(),
      created_at: timeText,
    }),
  ),
  exams: z.array(
    z.object({
      year: z.number().int(),
      exam_type: z.number().int(),
      questions: z.number().int(),
      right: z.number().int().nullable(),
      submitted_at: timeText.nullable(),
    }),
  ),
  face_photos: z.array(
    z.object({
      id: z.number().int(),
      course_id: z.number().int().nullable(),
      percent: z.number().int().nullable(),
      state: z.string(),
      reject_reason: z.string().nullable(),
      created_at: timeText,
    }),
  ),
  refusals: z.array(
    z.object({
      time: timeText,
      course_id: z.number().int().nullable(),
      claimed_seconds: z.number().int(),
      outcome: z.string(),
    }),
  ),
});
export type LearnerDetail = z.infer<typeof learnerDetailSchema>;

/** The learner import's columns, in template order (issue 18). */
export const IMPORT_COLUMNS = ['姓名', '身份证号', '手机号', '证书类型', '工作单位'] as const;
export const IMPORT_MAX_ROWS = 10_000;

export const importFileSchema = z.strictObject({
  /** The .xlsx file, base64 (the envelope's 4 MiB body holds about 10,000 rows). */
  file_base64: z.string().min(1, { error: '请选择要导入的文件' }),
});

/** The confirmation: the same file again, and how many valid rows the operator saw in its report. */
export const importConfirmSchema = z.strictObject({
  file_base64: importFileSchema.shape.file_base64,
  valid: z.number().int().positive(),
});
export type ImportConfirm = z.input<typeof importConfirmSchema>;

export const importReportSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  failed: z.array(
    z.object({ row: z.number().int(), name: z.string(), idcard: z.string(), reasons: z.array(z.string()) }),
  ),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const learnerAdminEndpoints = {
  importTemplate: defineEndpoint({
    ...learnerAdminRoutes.importTemplate,
    request: noPayload,
    response: z.object({ file_name: z.string(), xlsx_base64: z.string() }),
  }),
  importCheck: defineEndpoint({
    ...learnerAdminRoutes.importCheck,
    request: importFileSchema,
    response: importReportSchema,
  }),
  importConfirm: defineEndpoint({
    ...learnerAdminRoutes.importConfirm,
    request: importConfirmSchema,
    response: z.object({ imported: z.number().int(), skipped: z.number().int() }),
  }),
  learners: defineEndpoint({
    ...learnerAdminRoutes.learners,
    request: learnerListRequestSchema,
    response: learnerListResponseSchema,
  }),
  learnerDetail: defineEndpoint({
    ...learnerAdminRoutes.learnerDetail,
    request: learnerIdSchema,
    response: learnerDetailSchema,
  }),
  learnerCreate: defineEndpoint({
    ...learnerAdminRoutes.learnerCreate,
    request: newLearnerSchema,
    response: z.object({ id: z.number().int(), initial_password: z.string() }),
  }),
  learnerResetPassword: defineEndpoint({
    ...learnerAdminRoutes.learnerResetPassword,
    request: learnerIdSchema,
    response: z.object({ password: z.string() }),
  }),
  learnerUnlock: defineEndpoint({
    ...learnerAdminRoutes.learnerUnlock,
    request: learnerIdSchema,
    response: z.null(),
  }),
  learnerSetDisabled: defineEndpoint({
    ...learnerAdminRoutes.learnerSetDisabled,
    request: z.strictObject({ id: z.number().int().positive(), disabled: z.boolean() }),
    response: z.null(),
  }),
  learnerEndSessions: defineEndpoint({
    ...learnerAdminRoutes.learnerEndSessions,
    request: learnerIdSchema,
    response: z.object({ ended: z.number().int() }),
  }),
};
