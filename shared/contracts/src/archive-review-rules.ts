import { ARCHIVE_REVIEW_WORKING_DAYS } from './study-rules';

/**
 * 档案审核's texts and numbers (issue 20), without zod: the learner's /myCourse shows
 * `ARCHIVE_REVIEW_MESSAGES`, and the endpoint schemas in archive-reviews.ts would bring zod
 * (24 KB gzip) into that page.
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
