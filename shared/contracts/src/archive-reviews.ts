import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import * as archiveReviewRoutes from './routes/archive-reviews';
import { completedLearnerSchema } from './reports';
import {
  ARCHIVE_DECISION_MAX,
  ARCHIVE_REJECT_REASON_MAX,
  ARCHIVE_REJECT_REASON_MIN,
  ARCHIVE_REVIEW_MESSAGES,
  ARCHIVE_REVIEW_STATUSES,
} from './archive-review-rules';

/**
 * 档案审核 (issue 20): a learner who completes a study year's hours has their learning archive
 * reviewed by the association within 7 working days (spec 02 §4 and §9); the 学时证明 is
 * issued only once the review has passed. A review that finds proxy study or off-platform
 * dealings fails, with the reason the learner reads on /myCourse. Every decision is audited.
 */

// The texts and numbers live in a file without zod, which the learner's /myCourse imports
// (zod would add 24 KB gzip to it); the server and the console take them from here too.
export {
  ARCHIVE_DECISION_MAX,
  ARCHIVE_REJECT_REASON_MAX,
  ARCHIVE_REJECT_REASON_MIN,
  ARCHIVE_REVIEW_MESSAGES,
  ARCHIVE_REVIEW_STATUSES,
  ARCHIVE_REVIEW_STATUS_TEXT,
  type ArchiveReviewStatus,
} from './archive-review-rules';

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
    ...archiveReviewRoutes.list,
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
    ...archiveReviewRoutes.decide,
    request: archiveDecisionRequestSchema,
    response: z.object({ decided: z.number().int() }),
  }),
};
