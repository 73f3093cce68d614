import './zod-setup';
import { z } from 'zod';
import { defineEndpoint, noPayload } from './endpoint';
import * as questionBankRoutes from './routes/question-banks';
import { MAX_OPTIONS, type ExamType, type QuestionType } from './exam-rules';
import {
  QUESTION_BANK_MESSAGES,
  QUESTION_IMPORT_MAX_BASE64_LENGTH,
  QUESTION_OPTION_MAX_LENGTH,
  QUESTION_TITLE_MAX_LENGTH,
} from './question-bank-rules';

/**
 * 题库管理 (issue 20, permission courses.manage): a question bank per course, listed and
 * searched, filled from an .xlsx (check, then confirm: all rows or none), edited one
 * question at a time, and deleted — or retired when a learner's paper already holds it.
 */

const courseId = z.number().int().min(1).max(2_147_483_647);
const questionId = courseId;
const qtypeSchema = z.custom<QuestionType>((value) => value === 1 || value === 2 || value === 3, {
  error: QUESTION_BANK_MESSAGES.typeUnknown,
});
const countsSchema = z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int() });

const readinessSchema = z.object({
  counts: countsSchema,
  required: countsSchema,
  short: z.array(qtypeSchema),
  enough: z.boolean(),
});

export const bankCourseSchema = z.object({
  cid: z.number().int(),
  year: z.number().int(),
  name: z.string(),
  /** 专业课 or 公需课. */
  kind_text: z.string(),
  exam_type: z.custom<ExamType>((value) => value === 1 || value === 2),
  bank: readinessSchema,
});
export type BankCourse = z.infer<typeof bankCourseSchema>;

export const bankCoursesResponseSchema = z.object({
  /** Study years, newest first. */
  years: z.array(z.number().int()),
  /** The year listed (the one asked for, else the newest). */
  year: z.number().int().nullable(),
  courses: z.array(bankCourseSchema),
});
export type BankCourses = z.infer<typeof bankCoursesResponseSchema>;

export const bankQuestionSchema = z.object({
  qid: z.number().int(),
  qtype: qtypeSchema,
  title: z.string(),
  options: z.array(z.string()),
  /** The key as the API writes it ('2', '1,3'). */
  answer: z.string(),
  /** Papers that hold it: such a question is retired, not deleted, and an edit makes a new version. */
  used: z.number().int(),
  created_at: z.string(),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;

export const bankQuestionsRequestSchema = z.strictObject({
  cid: courseId,
  page: z.number().int().min(1).max(100_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
  /** Part of the stem or of an option. */
  keyword: z.string().trim().max(50).optional(),
  qtype: qtypeSchema.optional(),
});
export type BankQuestionsRequest = z.input<typeof bankQuestionsRequestSchema>;

export const bankQuestionsResponseSchema = z.object({
  course: bankCourseSchema,
  total: z.number().int(),
  list: z.array(bankQuestionSchema),
});
export type BankQuestions = z.infer<typeof bankQuestionsResponseSchema>;

/** One question as the form sends it; the rules of question-bank-rules.ts decide, on the server too. */
const questionFields = {
  qtype: qtypeSchema,
  title: z.string().max(QUESTION_TITLE_MAX_LENGTH * 2),
  options: z.array(z.string().max(QUESTION_OPTION_MAX_LENGTH * 2)).max(MAX_OPTIONS),
  answer: z.string().max(20),
};

export const questionCreateSchema = z.strictObject({ cid: courseId, ...questionFields });
export type QuestionCreate = z.input<typeof questionCreateSchema>;
export const questionUpdateSchema = z.strictObject({ qid: questionId, ...questionFields });
export type QuestionUpdate = z.input<typeof questionUpdateSchema>;

export const questionSavedSchema = z.object({
  question: bankQuestionSchema,
  /** An edit of a question a paper holds keeps the old one (retired) for that paper's review: its id. */
  replaced_qid: z.number().int().nullable(),
});
export type QuestionSaved = z.infer<typeof questionSavedSchema>;

export const questionDeleteResponseSchema = z.object({
  qid: z.number().int(),
  /** deleted: gone; retired: kept for the papers that hold it, never drawn again. */
  outcome: z.enum(['deleted', 'retired']),
});
export type QuestionDeleteResult = z.infer<typeof questionDeleteResponseSchema>;

const fileBase64 = z
  .string()
  .min(1, { error: '请选择要导入的文件' })
  .max(QUESTION_IMPORT_MAX_BASE64_LENGTH, { error: QUESTION_BANK_MESSAGES.fileTooLarge });

export const questionImportCheckSchema = z.strictObject({ cid: courseId, file_base64: fileBase64 });
export type QuestionImportCheck = z.input<typeof questionImportCheckSchema>;

/** The confirmation: the same file again, and how many rows the operator saw pass. */
export const questionImportConfirmSchema = z.strictObject({
  cid: courseId,
  file_base64: fileBase64,
  rows: z.number().int().positive(),
});
export type QuestionImportConfirm = z.input<typeof questionImportConfirmSchema>;

export const questionImportReportSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  failed: z.array(z.object({ row: z.number().int(), title: z.string(), reasons: z.array(z.string()) })),
  /** What the import adds, per kind, and the bank afterwards. */
  adds: countsSchema,
  bank_after: readinessSchema,
});
export type QuestionImportReport = z.infer<typeof questionImportReportSchema>;

export const questionBankEndpoints = {
  courses: defineEndpoint({
    ...questionBankRoutes.courses,
    request: z.strictObject({ year: z.number().int().min(2000).max(2100).optional() }),
    response: bankCoursesResponseSchema,
  }),
  questions: defineEndpoint({
    ...questionBankRoutes.questions,
    request: bankQuestionsRequestSchema,
    response: bankQuestionsResponseSchema,
  }),
  create: defineEndpoint({
    ...questionBankRoutes.create,
    request: questionCreateSchema,
    response: questionSavedSchema,
  }),
  update: defineEndpoint({
    ...questionBankRoutes.update,
    request: questionUpdateSchema,
    response: questionSavedSchema,
  }),
  remove: defineEndpoint({
    ...questionBankRoutes.remove,
    request: z.strictObject({ qid: questionId }),
    response: questionDeleteResponseSchema,
  }),
  template: defineEndpoint({
    ...questionBankRoutes.template,
    request: noPayload,
    response: z.object({ file_name: z.string(), xlsx_base64: z.string() }),
  }),
  importCheck: defineEndpoint({
    ...questionBankRoutes.importCheck,
    request: questionImportCheckSchema,
    response: questionImportReportSchema,
  }),
  importConfirm: defineEndpoint({
    ...questionBankRoutes.importConfirm,
    request: questionImportConfirmSchema,
    response: z.object({ imported: z.number().int(), bank: readinessSchema }),
  }),
};
