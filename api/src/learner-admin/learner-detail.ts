import { and, asc, desc, eq, notInArray } from 'drizzle-orm';
import type { LearnerDetail } from '@yaoshi/contracts/learner-admin';
import type { Clock } from '../clock';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { learners } from '../accounts/accounts-schema';
import { profileOf } from '../accounts/profile';
import { courses } from '../catalogue/catalogue-schema';
import { examPapers } from '../exams/exams-schema';
import { facePhotos } from '../face-photos/face-photos-schema';
import { enrolments, orders } from '../orders/orders-schema';
import { courseProgress, studyReports } from '../study/study-schema';
import { liveSessionCount } from './learner-actions';
import type { PersonalView } from '../auth/personal-view';

/** How many refused progress reports the learner's page lists (newest first). */
const REFUSALS_SHOWN = 100;

/** Everything 学员管理 sees on a learner's page. */
export async function learnerDetail(
  db: Database,
  clock: Clock,
  id: number,
  view: PersonalView,
): Promise<LearnerDetail> {
  const [learner] = await db.select().from(learners).where(eq(learners.id, id)).limit(1);
  if (!learner) throw notFound(MESSAGES.learnerNotFound);
  const now = clock.now();
  const enrolled = await db
    .select({
      year: enrolments.year,
      courseId: courses.id,
      name: courses.name,
      kind: courses.kind,
      hourTenths: courses.classHourTenths,
      withdrawnAt: enrolments.withdrawnAt,
      progress: courseProgress.progress,
      completedAt: courseProgress.completedAt,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .leftJoin(
      courseProgress,
      and(eq(courseProgress.learnerId, enrolments.learnerId), eq(courseProgress.courseId, enrolments.courseId)),
    )
    .where(eq(enrolments.learnerId, id))
    .orderBy(desc(enrolments.year), asc(courses.id));
  const years = new Map<number, LearnerDetail['years'][number]>();
  for (const row of enrolled) {
    const year = years.get(row.year) ?? { year: row.year, courses: [], hours_completed: 0, hours_enrolled: 0 };
    const hours = row.hourTenths / 10;
    const withdrawn = row.withdrawnAt !== null;
    const completed = row.completedAt !== null;
    year.courses.push({
      course_id: row.courseId,
      name: row.name,
      kind: row.kind,
      hours,
      progress: row.progress ?? 0,
      completed,
      withdrawn,
    });
    if (!withdrawn) {
      year.hours_enrolled += hours;
      if (completed) year.hours_completed += hours;
    }
    years.set(row.year, year);
  }
  const orderRows = await db.select().from(orders).where(eq(orders.learnerId, id)).orderBy(desc(orders.createdAt));
  const papers = await db.select().from(examPapers).where(eq(examPapers.learnerId, id)).orderBy(desc(examPapers.id));
  const photos = await db
    .select()
    .from(facePhotos)
    .where(eq(facePhotos.learnerId, id))
    .orderBy(desc(facePhotos.createdAt), desc(facePhotos.id));
  const refusals = await db
    .select()
    .from(studyReports)
    // A takeover (在此继续学习) is the learner's move, not a refusal.
    .where(and(eq(studyReports.learnerId, id), notInArray(studyReports.outcome, ['accepted', 'takeover'])))
    .orderBy(desc(studyReports.receivedAt))
    .limit(REFUSALS_SHOWN);
  const profile = { ...profileOf(learner), idcard: view.idNumber(learner.idNumber), phone: view.phone(learner.phone) };
  return {
    id: learner.id,
    profile: Object.fromEntries(Object.entries(profile).filter(([key]) => key !== 'avatar_status')),
    avatar_status: learner.avatarStatus,
    avatar_reject_reason: learner.avatarRejectReason,
    locked: learner.passwordLockedUntil !== null && learner.passwordLockedUntil.getTime() > now.getTime(),
    disabled: learner.disabledAt !== null,
    closed_at: learner.closedAt ? formatBeijingTime(learner.closedAt) : null,
    must_change_password: learner.mustChangePassword,
    live_sessions: await liveSessionCount(db, clock, id),
    years: [...years.values()].map((year) => ({
      ...year,
      hours_completed: round1(year.hours_completed),
      hours_enrolled: round1(year.hours_enrolled),
    })),
    orders: orderRows.map((order) => ({
      order_no: order.orderNo,
      year: order.year,
      name: order.orderName,
      amount: order.priceFen / 100,
      pay_status: order.payStatus,
      refund_status: order.refundStatus,
      is_receipt: order.receiptStatus,
      created_at: formatBeijingTime(order.createdAt),
    })),
    exams: papers.map((paper) => ({
      year: paper.year,
      exam_type: paper.examType,
      questions: paper.questionCount,
      right: paper.rightCount,
      submitted_at: paper.submittedAt ? formatBeijingTime(paper.submittedAt) : null,
    })),
    face_photos: photos.map((photo) => ({
      id: photo.id,
      course_id: photo.courseId,
      percent: photo.percent,
      state: photo.state,
      reject_reason: photo.rejectReason,
      created_at: formatBeijingTime(photo.createdAt),
    })),
    refusals: refusals.map((report) => ({
      time: formatBeijingTime(report.receivedAt),
      course_id: report.courseId,
      claimed_seconds: report.claimedSeconds,
      outcome: report.outcome,
    })),
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
