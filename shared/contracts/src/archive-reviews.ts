import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { completedLearnerSchema } from './reports';
import { ARCHIVE_REVIEW_WORKING_DAYS } from './study-rules';

/**
 * 档案审核 (issue 20): a learner who completes a study year's hours has their learning archive
 * reviewed by the association within 7 working days (spec 02 §4 and §9); the 学时证明 is
 * issued only once the review has passed. A review that finds proxy study or off-platform
 * dealings fails, with the reason the learner reads on /myCourse. Every decision is audited.
 */

/** No record yet: the learner completed and waits; then passed or failed. */
export const ARCHIVE_REVIEW_STATUSES = ['pending', 'passed', 'rejected'] as const;
export type ArchiveReviewStatus = (typeof ARCHIVE_REVIEW_STATUSES)[number];

export const ARCHIVE_REVIEW_STATUS_TEXT: Readonly<Record<ArchiveReviewStatus, string>> = {
  pending: '待审核',
  passed: '审核通过',
  rejected: '审核不通过',
};

/** A failed review's reason: 2 to 200 characters. */
export const ARCHIVE_REJECT_REASON_MIN = 2;
export const ARCHIVE_REJECT_REASON_MAX = 200;
/** At most this many learners in one decision (the page's selection). */
export const ARCHIVE_DECISION_MAX = 100;

export const ARCHIVE_REVIEW_MESSAGES = {
  reasonLength: `不通过原因须为${ARCHIVE_REJECT_REASON_MIN}至${ARCHIVE_REJECT_REASON_MAX}个字`,
  noLearners: '请选择学员',
  tooMany: `每次最多审核${ARCHIVE_DECISION_MAX}名学员`,
  notCompleted: '该学员尚未完成本年度学时，不能审核',
  certificateIssued: '该学员已领取本年度学时证明，请先在“学时证明”中撤销后再判定不通过',
  /** The learner's /myCourse, while the review is pending. */
  pendingForLearner: (dueOn: string) =>
    `您已完成本年度全部学时，协会将在${ARCHIVE_REVIEW_WORKING_DAYS}个工作日内（${dueOn}前）完成学习档案审核，审核通过后即可下载学时证明。`,
  rejectedForLearner: (reason: string) => `您本年度的学习档案审核未通过：${reason}。如有疑问请联系协会。`,
  /** `certificate_pdf` before the review has passed. */
  certificateAwaitsReview: '学习档案审核通过后方可下载学时证明',
} as const;

const yearField = z.number({ error: '请选择年度' }).int().min(2000).max(2100);

export const archiveReviewRowSchema = completedLearnerSchema.extend({
  status: z.enum(ARCHIVE_REVIEW_STATUSES),
  /** A failed review's reason. */
  reason: z.string().nullable(),
  /** The staff member who decided, and when (Beijing time); null while pending. */
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type ArchiveReviewRow = z.infer<typeof archiveReviewRowSchema>;

export const archiveReviewListSchema = z.object({
  year: z.number().int(),
  /** Every study year, for the selector. */
  years: z.array(z.number().int()),
  /** How many of the year's completers are in each state, whatever the filter. */
  counts: z.object({ pending: z.number().int(), passed: z.number().int(), rejected: z.number().int() }),
  total: z.number().int(),
  list: z.array(archiveReviewRowSchema),
});
export type ArchiveReviewList = z.infer<typeof archiveReviewListSchema>;

export const archiveDecisionRequestSchema = z
  .strictObject({
    year: yearField,
    learner_ids: z
      .array(z.number().int().positive(), { error: ARCHIVE_REVIEW_MESSAGES.noLearners })
      .min(1, { error: ARCHIVE_REVIEW_MESSAGES.noLearners })
      .max(ARCHIVE_DECISION_MAX, { error: ARCHIVE_REVIEW_MESSAGES.tooMany }),
    decision: z.enum(['pass', 'reject'], { error: '审核结果不正确' }),
    /** Required to reject. */
    reason: z
      .string()
      .trim()
      .max(ARCHIVE_REJECT_REASON_MAX, { error: ARCHIVE_REVIEW_MESSAGES.reasonLength })
      .optional(),
  })
  .refine((value) => value.decision === 'pass' || (value.reason ?? '').length >= ARCHIVE_REJECT_REASON_MIN, {
    error: ARCHIVE_REVIEW_MESSAGES.reasonLength,
    path: ['reason'],
  });
export type ArchiveDecisionRequest = z.input<typeof archiveDecisionRequestSchema>;

export const archiveReviewEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/archive_reviews',
    auth: 'staff',
    permission: 'archive.review',
    /** No year: the newest study year. */
    request: z.strictObject({
      year: yearField.optional(),
      status: z.enum(ARCHIVE_REVIEW_STATUSES, { error: '审核状态不正确' }).optional(),
      /** The learner's name or ID number, exactly. */
      learner: z.string().trim().max(50).optional(),
      page: z.number().int().min(1).default(1),
      size: z.number().int().min(1).max(100).default(20),
    }),
    response: archiveReviewListSchema,
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/archive_reviews/decide',
    auth: 'staff',
    permission: 'archive.review',
    request: archiveDecisionRequestSchema,
    response: z.object({ decided: z.number().int() }),
  }),
};
