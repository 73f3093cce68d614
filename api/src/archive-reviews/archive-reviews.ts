import { and, eq, inArray } from 'drizzle-orm';
import {
  ARCHIVE_REVIEW_MESSAGES as M,
  type ArchiveReviewList,
  type ArchiveReviewRow,
  type ArchiveReviewStatus,
} from '@yaoshi/contracts/archive-reviews';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { Audit, AuditActor } from '../audit/audit-log';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { conflict } from '../envelope/api-error';
import { creditCertificates } from '../certificates/certificates-schema';
import { chooseYear, completedLearners } from '../reports/report-queries';
import { archiveReviews } from '../certificates/archive-reviews-schema';
import { statusOf } from '../certificates/archive-review-status';

type Review = typeof archiveReviews.$inferSelect;

async function reviewsOfYear(db: Database, year: number): Promise<Map<number, Review>> {
  const rows = await db.select().from(archiveReviews).where(eq(archiveReviews.year, year));
  return new Map(rows.map((row) => [row.learnerId, row]));
}

/**
 * 档案审核's list: the year's completers (the reports' completed list, first completed
 * first, so the oldest wait is on top) with their review, filtered by status or learner.
 */
export async function listArchiveReviews(
  db: Database,
  query: { year?: number | undefined; status?: ArchiveReviewStatus | undefined; learner?: string | undefined },
  page: number,
  size: number,
  now: Date,
): Promise<ArchiveReviewList> {
  const { year, years } = await chooseYear(db, query.year, now);
  const [completers, reviews] = await Promise.all([completedLearners(db, year), reviewsOfYear(db, year)]);
  const rows = completers.map((learner): ArchiveReviewRow => {
    const review = reviews.get(learner.learner_id);
    return {
      ...learner,
      status: statusOf(review),
      reason: review?.reason ?? null,
      reviewed_by: review?.reviewedBy ?? null,
      reviewed_at: review ? formatBeijingTime(review.reviewedAt) : null,
    };
  });
  const counts = { pending: 0, passed: 0, rejected: 0 };
  for (const row of rows) counts[row.status] += 1;
  const learner = query.learner?.toUpperCase();
  const matching = rows.filter(
    (row) =>
      (query.status === undefined || row.status === query.status) &&
      (learner === undefined || row.name === query.learner || row.id_number.toUpperCase() === learner),
  );
  return {
    year,
    years,
    counts,
    total: matching.length,
    list: matching.slice((page - 1) * size, page * size),
  };
}

/**
 * Passes or fails the year of each learner, in the caller's audited transaction (one record
 * per learner). Only the year's completers can be reviewed; a learner whose certificate is
 * out cannot be failed until it is revoked, so no valid certificate stands on a failed review.
 */
export async function decideArchiveReviews(
  tx: Database,
  clock: Clock,
  audit: Audit,
  actor: AuditActor,
  input: { year: number; learner_ids: number[]; decision: 'pass' | 'reject'; reason?: string | undefined },
): Promise<{ decided: number }> {
  const ids = [...new Set(input.learner_ids)];
  const completers = new Map(
    (await completedLearners(tx, input.year)).map((learner) => [learner.learner_id, learner] as const),
  );
  if (ids.some((id) => !completers.has(id))) throw conflict(M.notCompleted);
  if (input.decision === 'reject') {
    const issued = await tx
      .select({ learnerId: creditCertificates.learnerId, revokedAt: creditCertificates.revokedAt })
      .from(creditCertificates)
      .where(and(eq(creditCertificates.year, input.year), inArray(creditCertificates.learnerId, ids)));
    if (issued.some((certificate) => certificate.revokedAt === null)) throw conflict(M.certificateIssued);
  }
  const status = input.decision === 'pass' ? 'passed' : 'rejected';
  const reason = input.decision === 'reject' ? (input.reason ?? '') : null;
  const now = clock.now();
  const before = await tx
    .select()
    .from(archiveReviews)
    .where(and(eq(archiveReviews.year, input.year), inArray(archiveReviews.learnerId, ids)));
  const previous = new Map(before.map((row) => [row.learnerId, row]));
  for (const id of ids) {
    await tx
      .insert(archiveReviews)
      .values({ learnerId: id, year: input.year, status, reason, reviewedBy: actor.username, reviewedAt: now })
      .onConflictDoUpdate({
        target: [archiveReviews.learnerId, archiveReviews.year],
        set: { status, reason, reviewedBy: actor.username, reviewedAt: now },
      });
    const learner = completers.get(id)!;
    const earlier = previous.get(id);
    await audit({
      action: input.decision === 'pass' ? 'archive.pass' : 'archive.reject',
      target: learner.id_number,
      before: { status: statusOf(earlier), reason: earlier?.reason ?? null },
      after: { year: input.year, name: learner.name, status, reason },
    });
  }
  return { decided: ids.length };
}
