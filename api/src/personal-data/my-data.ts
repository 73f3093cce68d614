import { and, asc, eq } from 'drizzle-orm';
import type { MyData } from '@yaoshi/contracts/personal-data';
import { CLOSURE_STATUS_LABELS, myDataFileName } from '@yaoshi/contracts/personal-data-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { beijingDayOf } from '@yaoshi/contracts/beijing-time';
import { learners } from '../accounts/accounts-schema';
import { profileOf } from '../accounts/profile';
import { courses } from '../catalogue/catalogue-schema';
import { creditCertificates } from '../certificates/certificates-schema';
import { examPapers } from '../exams/exams-schema';
import { facePhotos } from '../face-photos/face-photos-schema';
import { invoiceRequests } from '../invoices/invoices-schema';
import { enrolments, orders } from '../orders/orders-schema';
import { refundRequests } from '../refunds/refunds-schema';
import { courseProgress } from '../study/study-schema';
import { accountClosureRequests } from './personal-data-schema';

const time = (value: Date | null) => (value ? formatBeijingTime(value) : null);
const yuan = (fen: number) => fen / 100;

/**
 * Everything the site holds about one learner (PIPL art. 45), as the file /myInfo downloads:
 * the profile, orders, refunds, invoices, study records per course, exams, certificates, and
 * the face photos by date and state (not the images, nor what any check concluded from them).
 * Every time is Beijing time.
 */
export async function myData(
  db: Database,
  clock: Clock,
  learnerId: number,
): Promise<{ file_name: string; data: MyData }> {
  const [learner] = await db.select().from(learners).where(eq(learners.id, learnerId));
  if (!learner) throw new Error(`learner ${learnerId} is gone`);
  const now = clock.now();
  const [orderRows, refundRows, invoiceRows, studyRows, examRows, certificateRows, photoRows, closureRows] =
    await Promise.all([
      db.select().from(orders).where(eq(orders.learnerId, learnerId)).orderBy(asc(orders.createdAt)),
      db
        .select({ request: refundRequests, orderNo: orders.orderNo })
        .from(refundRequests)
        .innerJoin(orders, eq(orders.id, refundRequests.orderId))
        .where(eq(refundRequests.learnerId, learnerId))
        .orderBy(asc(refundRequests.createdAt)),
      db
        .select({ request: invoiceRequests, orderNo: orders.orderNo })
        .from(invoiceRequests)
        .innerJoin(orders, eq(orders.id, invoiceRequests.orderId))
        .where(eq(invoiceRequests.learnerId, learnerId))
        .orderBy(asc(invoiceRequests.createdAt)),
      db
        .select({
          year: enrolments.year,
          course: courses.name,
          kind: courses.kind,
          hourTenths: courses.classHourTenths,
          enrolledAt: enrolments.createdAt,
          withdrawnAt: enrolments.withdrawnAt,
          progress: courseProgress.progress,
          verifiedSeconds: courseProgress.verifiedSeconds,
          completedAt: courseProgress.completedAt,
        })
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .leftJoin(
          courseProgress,
          and(eq(courseProgress.learnerId, enrolments.learnerId), eq(courseProgress.courseId, enrolments.courseId)),
        )
        .where(eq(enrolments.learnerId, learnerId))
        .orderBy(asc(enrolments.year), asc(courses.id)),
      db.select().from(examPapers).where(eq(examPapers.learnerId, learnerId)).orderBy(asc(examPapers.id)),
      db
        .select()
        .from(creditCertificates)
        .where(eq(creditCertificates.learnerId, learnerId))
        .orderBy(asc(creditCertificates.year)),
      db
        .select({
          createdAt: facePhotos.createdAt,
          courseId: facePhotos.courseId,
          state: facePhotos.state,
          reviewedAt: facePhotos.reviewedAt,
        })
        .from(facePhotos)
        .where(eq(facePhotos.learnerId, learnerId))
        .orderBy(asc(facePhotos.createdAt), asc(facePhotos.id)),
      db
        .select()
        .from(accountClosureRequests)
        .where(eq(accountClosureRequests.learnerId, learnerId))
        .orderBy(asc(accountClosureRequests.createdAt)),
    ]);
  const { avatar_status: _omitted, ...profile } = profileOf(learner);
  void _omitted;
  const data: MyData = {
    generated_at: formatBeijingTime(now),
    profile,
    account: {
      created_at: formatBeijingTime(learner.createdAt),
      face_consent: { version: learner.faceConsentVersion, consented_at: time(learner.faceConsentAt) },
    },
    orders: orderRows.map((order) => ({
      order_no: order.orderNo,
      year: order.year,
      name: order.orderName,
      amount_yuan: yuan(order.priceFen),
      pay_status: order.payStatus,
      refund_status: order.refundStatus,
      created_at: formatBeijingTime(order.createdAt),
      paid_at: time(order.paidAt),
    })),
    refunds: refundRows.map(({ request, orderNo }) => ({
      order_no: orderNo,
      amount_yuan: yuan(request.amountFen),
      reason: request.reason,
      status: request.status,
      requested_at: formatBeijingTime(request.createdAt),
      decided_at: time(request.decidedAt),
      completed_at: time(request.completedAt),
    })),
    invoices: invoiceRows.map(({ request, orderNo }) => ({
      order_no: orderNo,
      title: request.invoiceTitle,
      tax_number: request.taxNumber,
      phone: request.phone,
      email: request.email,
      amount_yuan: yuan(request.amountFen),
      status: request.status,
      invoice_no: request.invoiceNo,
      requested_at: formatBeijingTime(request.createdAt),
      issued_at: time(request.issuedAt),
    })),
    study: studyRows.map((row) => ({
      year: row.year,
      course: row.course,
      kind: row.kind === 'professional' ? '专业课' : '公需课',
      hours: row.hourTenths / 10,
      enrolled_at: formatBeijingTime(row.enrolledAt),
      withdrawn_at: time(row.withdrawnAt),
      progress_percent: row.progress ?? 0,
      studied_seconds: row.verifiedSeconds ?? 0,
      completed_at: time(row.completedAt),
    })),
    exams: examRows.map((paper) => ({
      year: paper.year,
      exam_type: paper.examType,
      questions: paper.questionCount,
      right: paper.rightCount,
      started_at: formatBeijingTime(paper.createdAt),
      submitted_at: time(paper.submittedAt),
    })),
    certificates: certificateRows.map((certificate) => ({
      certificate_no: certificate.certificateNo,
      year: certificate.year,
      professional_hours: certificate.professionalTenths / 10,
      public_hours: certificate.publicTenths / 10,
      issued_at: formatBeijingTime(certificate.issuedAt),
      revoked_at: time(certificate.revokedAt),
    })),
    face_photos: photoRows.map((photo) => ({
      taken_at: formatBeijingTime(photo.createdAt),
      purpose: photo.courseId === null ? '人脸采集' : '学习中人脸核验',
      state: photo.state,
      reviewed_at: time(photo.reviewedAt),
    })),
    closure_requests: closureRows.map((request) => ({
      status: CLOSURE_STATUS_LABELS[request.status],
      reason: request.reason,
      requested_at: formatBeijingTime(request.createdAt),
      decided_at: time(request.decidedAt),
      refuse_reason: request.refuseReason,
    })),
  };
  return { file_name: myDataFileName(beijingDayOf(now)), data };
}
