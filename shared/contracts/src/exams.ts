import './zod-setup';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import * as examRoutes from './routes/exams';
import { EXAM_MESSAGES, type ExamType, type IsPost, type QuestionType } from './exam-rules';
import { recordIdSchema, wholeNumberSchema } from './request-numbers';

/**
 * Practice exams (spec 02 §2–§5, §7; spec 01 §7): the learner's papers, one paper with its
 * questions, and the submission. The answer key leaves the server only with a submitted
 * paper, and the score is always the server's own.
 */

const yearSchema = wholeNumberSchema(2000, 2100);
const typeSchema = wholeNumberSchema(1, 2).transform((value) => value as ExamType);
/** The original client sends '' for "no year"; it means the same as leaving it out. */
const optionalYear = z.union([yearSchema, z.literal('').transform(() => undefined)]).optional();

// ── exam_lists ──────────────────────────────────────────────────────────────────────

export const examListsRequestSchema = z.strictObject({
  /** Only this year's papers; all years when absent. */
  year: optionalYear,
  type: typeSchema.optional(),
  page: wholeNumberSchema(1, 100_000).optional(),
});
export type ExamListsRequest = z.input<typeof examListsRequestSchema>;

export const examListRowSchema = z.object({
  pid: z.number().int(),
  /** 'YYYY-MM-DD HH:mm:ss', Beijing time. */
  create_time: z.string(),
  is_post: z.custom<IsPost>((value) => value === 1 || value === 2),
  /** Questions in the paper. */
  num: z.number().int(),
  year: z.number().int(),
  type: z.custom<ExamType>((value) => value === 1 || value === 2),
  /** Questions answered right; null until submitted. */
  right: z.number().int().nullable(),
  /** The course whose bank the paper was drawn from (issue 20); null for the year's bank. */
  cid: z.number().int().nullable(),
  course_name: z.string().nullable(),
});
export type ExamListRow = z.infer<typeof examListRowSchema>;

export const examListsResponseSchema = z.object({
  data: z.array(examListRowSchema),
  total: z.number().int(),
  /** Years that have practice questions of this type, newest first: what the page offers to start. */
  years: z.array(z.number().int()),
  /**
   * The learner's courses of this type (and year, when one is asked for) whose question bank
   * has questions (issue 20): each can be practised from its own bank.
   */
  courses: z.array(z.object({ cid: z.number().int(), name: z.string(), year: z.number().int() })),
});
export type ExamLists = z.infer<typeof examListsResponseSchema>;

// ── getExam ─────────────────────────────────────────────────────────────────────────

/**
 * With `pid`: continue (in progress) or review (submitted; `look` is the list's review
 * link and changes nothing on the server). Without: start a paper of `year` and `type`
 * (and `cid`: from that course's bank), which returns the paper already in progress for
 * them if there is one.
 */
export const getExamRequestSchema = z
  .strictObject({
    pid: recordIdSchema.optional(),
    look: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
    year: optionalYear,
    type: typeSchema.optional(),
    /** Start from this course's bank (issue 20) instead of the year's. */
    cid: recordIdSchema.optional(),
  })
  .superRefine((payload, context) => {
    if (payload.pid !== undefined) return;
    if (payload.year === undefined)
      context.addIssue({ code: 'custom', path: ['year'], message: EXAM_MESSAGES.noYearChosen });
    else if (payload.type === undefined)
      context.addIssue({ code: 'custom', path: ['type'], message: EXAM_MESSAGES.noTypeChosen });
  });
export type GetExamRequest = z.input<typeof getExamRequestSchema>;

export const examQuestionSchema = z.object({
  qid: z.number().int(),
  qtype: z.custom<QuestionType>((value) => value === 1 || value === 2 || value === 3),
  title: z.string(),
  /** Newline-separated (clients split on newline or comma). */
  options: z.string(),
  /** The key ('2', '1,3'); null while the paper is not submitted. */
  answer: z.string().nullable(),
  /** The learner's answer ('' when unanswered): saved as given while in progress, final once submitted. */
  user_answer: z.string(),
  /** Null while not submitted. */
  is_right: z.boolean().nullable(),
});
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

export const examPaperSchema = z.object({
  pid: z.number().int(),
  year: z.number().int(),
  type: z.custom<ExamType>((value) => value === 1 || value === 2),
  is_post: z.custom<IsPost>((value) => value === 1 || value === 2),
  create_time: z.string(),
  right: z.number().int().nullable(),
  wrong: z.number().int().nullable(),
  questions: z.array(examQuestionSchema),
});
export type ExamPaper = z.infer<typeof examPaperSchema>;

// ── exam_record ─────────────────────────────────────────────────────────────────────

/** A longest possible answer is '1,2,3,4,5,6,7,8'. */
const USER_ANSWER_MAX_LENGTH = 15;
const MAX_SUBMITTED_QUESTIONS = 200;
const MAX_QUESTIONS_JSON_LENGTH = 200_000;

/**
 * One answered question. The original client sends the whole question object back, so
 * other fields (title, options, even `answer`) are accepted and ignored: only qid and
 * user_answer are read.
 */
export const submittedAnswerSchema = z.object({
  qid: recordIdSchema,
  user_answer: z.union([z.string().max(USER_ANSWER_MAX_LENGTH), z.number().int().min(1).max(8).transform(String)]),
});

const submittedAnswersSchema = z.array(submittedAnswerSchema).max(MAX_SUBMITTED_QUESTIONS);

export const examRecordRequestSchema = z.strictObject({
  pid: recordIdSchema,
  /** What the client counted; ignored: the server scores from its own key. */
  right: z.union([z.number(), z.string().max(20)]).optional(),
  /** The answers, as a JSON text (the original client) or an array. */
  // The text branch first: on a tie the refusal reports the first branch, and its text says what is wrong.
  questions: z.union([
    z
      .string()
      .max(MAX_QUESTIONS_JSON_LENGTH)
      .transform((text, context) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: EXAM_MESSAGES.questionsMalformed });
          return z.NEVER;
        }
      })
      .pipe(submittedAnswersSchema),
    submittedAnswersSchema,
  ]),
});
export type ExamRecordRequest = z.input<typeof examRecordRequestSchema>;

export const examResultSchema = z.object({
  pid: z.number().int(),
  right: z.number().int(),
  wrong: z.number().int(),
  num: z.number().int(),
});
export type ExamResult = z.infer<typeof examResultSchema>;

// ── exam_answer ─────────────────────────────────────────────────────────────────────

/**
 * Saves one answer of a paper in progress as it is given (issue 16 item 15), so another
 * browser resumes it. Only the learner's own unsubmitted paper, only a question of that
 * paper, only a well-formed answer (option numbers 1–8, i.e. letters A–H, within the
 * question's options). An answered question is locked (spec 02 §4): the same answer again
 * is accepted (a retry), another one is refused.
 */
export const examAnswerRequestSchema = z.strictObject({
  pid: recordIdSchema,
  qid: recordIdSchema,
  user_answer: z.string().max(USER_ANSWER_MAX_LENGTH),
});
export type ExamAnswerRequest = z.input<typeof examAnswerRequestSchema>;

export const examAnswerResponseSchema = z.object({
  pid: z.number().int(),
  qid: z.number().int(),
  user_answer: z.string(),
  /** Questions of the paper answered so far. */
  answered: z.number().int(),
  num: z.number().int(),
});
export type ExamAnswerResult = z.infer<typeof examAnswerResponseSchema>;

export const examEndpoints = {
  examLists: defineEndpoint({
    ...examRoutes.examLists,
    request: examListsRequestSchema,
    response: examListsResponseSchema,
  }),
  getExam: defineEndpoint({
    ...examRoutes.getExam,
    request: getExamRequestSchema,
    response: examPaperSchema,
  }),
  examRecord: defineEndpoint({
    ...examRoutes.examRecord,
    request: examRecordRequestSchema,
    response: examResultSchema,
  }),
  examAnswer: defineEndpoint({
    ...examRoutes.examAnswer,
    request: examAnswerRequestSchema,
    response: examAnswerResponseSchema,
  }),
};
