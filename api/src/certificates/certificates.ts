import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import {
  CERTIFICATE_MESSAGES as M,
  CERTIFICATE_NO_ALPHABET,
  CERTIFICATE_NO_RANDOM_LENGTH,
  certificateNoOf,
  maskIdNumber,
  maskName,
  verifyUrlOf,
  yearCompletionOf,
} from '@yaoshi/contracts/certificate-rules';
import type {
  CertificatePdf,
  CertificateRow,
  CertificateStatus,
  CertificateVerification,
} from '@yaoshi/contracts/certificates';
import { fromTenths } from '@yaoshi/contracts/study-rules';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { siteSettings } from '../content/content-schema';
import { ApiError, conflict, notFound } from '../envelope/api-error';
import type { Audit, AuditActor } from '../audit/audit-log';
import { learners } from '../accounts/accounts-schema';
import { academicYears, courses } from '../catalogue/catalogue-schema';
import { enrolments } from '../orders/orders-schema';
import { courseProgress } from '../study/study-schema';
import { creditCertificates, type CertificateCourse } from './certificates-schema';
import { renderCertificatePdf } from './certificate-pdf';
import { ARCHIVE_REVIEW_MESSAGES } from '@yaoshi/contracts/archive-reviews';
import { archiveReviewOf, statusOf } from './archive-review-status';
import { beijingDayOf, reviewDueOn } from '../reports/report-rules';

type Certificate = typeof creditCertificates.$inferSelect;

const dayOf = (time: Date) => formatBeijingTime(time).slice(0, 10);

/** The learner's live web-course enrolments of `year`, in list order, with their progress. */
async function yearCoursesOf(db: Database, learnerId: number, year: number) {
  return db
    .select({
      name: courses.name,
      kind: courses.kind,
      classHourTenths: courses.classHourTenths,
      progress: courseProgress.progress,
      completedAt: courseProgress.completedAt,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .leftJoin(
      courseProgress,
      and(eq(courseProgress.learnerId, enrolments.learnerId), eq(courseProgress.courseId, enrolments.courseId)),
    )
    .where(
      and(
        eq(enrolments.learnerId, learnerId),
        eq(enrolments.year, year),
        isNull(enrolments.withdrawnAt),
        eq(courses.delivery, 'web'),
      ),
    )
    .orderBy(asc(courses.kind), asc(courses.courseType), asc(courses.sortOrder), asc(courses.id));
}

/**
 * Whether the learner's `year` is complete (certificate-rules.ts). The certificate also waits
 * for the archive review (档案审核, up to 7 working days, spec 02 §9) to pass.
 */
async function completionOf(db: Database, learnerId: number, year: number) {
  const [yearRow] = await db
    .select({ needAll: academicYears.needAll })
    .from(academicYears)
    .where(eq(academicYears.year, year));
  if (!yearRow) throw notFound(M.yearUnknown);
  const rows = await yearCoursesOf(db, learnerId, year);
  const list = rows.map((row) => ({ ...row, progress: row.progress ?? 0 }));
  return { completion: yearCompletionOf(yearRow.needAll, list), courses: list };
}

async function certificateOf(db: Database, learnerId: number, year: number): Promise<Certificate | undefined> {
  const [row] = await db
    .select()
    .from(creditCertificates)
    .where(and(eq(creditCertificates.learnerId, learnerId), eq(creditCertificates.year, year)));
  return row;
}

/** `certificate_status`: the /myCourse button. */
export async function certificateStatus(db: Database, learnerId: number, year: number): Promise<CertificateStatus> {
  const existing = await certificateOf(db, learnerId, year);
  if (existing)
    return {
      year,
      available: existing.revokedAt ? 0 : 1,
      certificate_no: existing.certificateNo,
      revoked: existing.revokedAt ? 1 : 0,
      // Issued: the review had passed, or the certificate predates the review's record.
      review: 'passed',
      review_due_on: null,
      review_reason: null,
    };
  const { completion, courses: list } = await completionOf(db, learnerId, year);
  if (!completion.complete) return { ...NOT_ISSUED, year, review: null, review_due_on: null, review_reason: null };
  const review = await archiveReviewOf(db, learnerId, year);
  const status = statusOf(review);
  const finished = list.flatMap((course) => (course.completedAt ? [course.completedAt.getTime()] : []));
  // A complete year has finished courses, each with its time (course_progress_completed).
  const completedOn = finished.length > 0 ? beijingDayOf(new Date(Math.max(...finished))) : null;
  return {
    ...NOT_ISSUED,
    year,
    available: status === 'passed' ? 1 : 0,
    review: status,
    review_due_on: status === 'pending' && completedOn !== null ? reviewDueOn(completedOn) : null,
    review_reason: review?.reason ?? null,
  };
}

const NOT_ISSUED = { available: 0, certificate_no: null, revoked: 0 } as const;

function newCertificateNo(year: number): string {
  return certificateNoOf(
    year,
    Array.from({ length: CERTIFICATE_NO_RANDOM_LENGTH }, () => randomInt(CERTIFICATE_NO_ALPHABET.length)),
  );
}

/** Collisions of ten random base32 characters are vanishingly rare; a few tries are plenty. */
const NUMBER_ATTEMPTS = 5;

/**
 * The learner's certificate of `year`: the one issued before, or a new one when the year is
 * complete. Two first downloads at once issue one certificate (unique learner and year).
 */
export async function issueCertificate(
  db: Database,
  clock: Clock,
  learnerId: number,
  year: number,
): Promise<Certificate> {
  const existing = await certificateOf(db, learnerId, year);
  if (existing) return existing;
  const { completion, courses: list } = await completionOf(db, learnerId, year);
  if (!completion.complete) throw new ApiError(403, M.notComplete);
  if (statusOf(await archiveReviewOf(db, learnerId, year)) !== 'passed')
    throw new ApiError(403, ARCHIVE_REVIEW_MESSAGES.certificateAwaitsReview);
  const [learner] = await db
    .select({ name: learners.name, idNumber: learners.idNumber })
    .from(learners)
    .where(eq(learners.id, learnerId));
  if (!learner) throw notFound(M.notFound);
  const [site] = await db.select({ name: siteSettings.siteName }).from(siteSettings).limit(1);
  const recorded: CertificateCourse[] = list.map((course) => ({
    name: course.name,
    kind: course.kind,
    classHourTenths: course.classHourTenths,
  }));
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const inserted = await db
      .insert(creditCertificates)
      .values({
        certificateNo: newCertificateNo(year),
        learnerId,
        year,
        learnerName: learner.name,
        idNumberMasked: maskIdNumber(learner.idNumber),
        professionalTenths: completion.professionalTenths,
        publicTenths: completion.publicTenths,
        courses: recorded,
        issuer: site?.name ?? '',
        issuedAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) return inserted[0];
    const raced = await certificateOf(db, learnerId, year);
    if (raced) return raced;
  }
  throw new Error('no free certificate number after several attempts');
}

/** `certificate_pdf`: issues on the first call; a revoked certificate is not handed out again. */
export async function certificatePdf(
  db: Database,
  clock: Clock,
  learnerId: number,
  year: number,
  siteOrigin: string,
): Promise<CertificatePdf> {
  const certificate = await issueCertificate(db, clock, learnerId, year);
  if (certificate.revokedAt) throw new ApiError(403, M.revoked);
  const verifyUrl = verifyUrlOf(siteOrigin, certificate.certificateNo);
  const pdf = await renderCertificatePdf({
    certificateNo: certificate.certificateNo,
    learnerName: certificate.learnerName,
    idNumberMasked: certificate.idNumberMasked,
    year: certificate.year,
    courses: certificate.courses,
    professionalTenths: certificate.professionalTenths,
    publicTenths: certificate.publicTenths,
    issuer: certificate.issuer,
    issuedOn: dayOf(certificate.issuedAt),
    verifyUrl,
  });
  return {
    file_name: `学时证明-${certificate.year}-${certificate.certificateNo}.pdf`,
    pdf_base64: pdf.toString('base64'),
    certificate_no: certificate.certificateNo,
    verify_url: verifyUrl,
  };
}

/** `certificate_verify`: public; the masked name and the certificate's own facts only. */
export async function verifyCertificate(db: Database, certificateNo: string): Promise<CertificateVerification> {
  const [row] = await db.select().from(creditCertificates).where(eq(creditCertificates.certificateNo, certificateNo));
  if (!row)
    return {
      certificate_no: certificateNo,
      verdict: 'unknown',
      name_masked: null,
      year: null,
      class_hour: null,
      issuer: null,
      issued_on: null,
      revoked_on: null,
    };
  return {
    certificate_no: row.certificateNo,
    verdict: row.revokedAt ? 'revoked' : 'genuine',
    name_masked: maskName(row.learnerName),
    year: row.year,
    class_hour: fromTenths(row.professionalTenths + row.publicTenths),
    issuer: row.issuer,
    issued_on: dayOf(row.issuedAt),
    revoked_on: row.revokedAt ? dayOf(row.revokedAt) : null,
  };
}

function rowOf(row: Certificate): CertificateRow {
  return {
    id: row.id,
    certificate_no: row.certificateNo,
    learner_id: row.learnerId,
    learner_name: row.learnerName,
    id_number_masked: row.idNumberMasked,
    year: row.year,
    class_hour: fromTenths(row.professionalTenths + row.publicTenths),
    issued_at: formatBeijingTime(row.issuedAt),
    revoked_at: row.revokedAt ? formatBeijingTime(row.revokedAt) : null,
    revoked_reason: row.revokedReason,
    revoked_by: row.revokedBy,
  };
}

/** The console's search: by certificate number, or by the learner's name, ID number or phone (exactly). */
export async function searchCertificates(
  db: Database,
  query: { certificate_no?: string | undefined; learner?: string | undefined },
): Promise<{ list: CertificateRow[] }> {
  const conditions: SQL[] = [];
  if (query.certificate_no) conditions.push(eq(creditCertificates.certificateNo, query.certificate_no.toUpperCase()));
  if (query.learner) {
    const learner = query.learner;
    const match = or(
      eq(learners.name, learner),
      eq(learners.idNumber, learner.toUpperCase()),
      eq(learners.phone, learner),
    );
    if (match) conditions.push(match);
  }
  const rows = await db
    .select({ certificate: creditCertificates })
    .from(creditCertificates)
    .innerJoin(learners, eq(learners.id, creditCertificates.learnerId))
    .where(and(...conditions))
    .orderBy(desc(creditCertificates.year), asc(creditCertificates.id))
    .limit(100);
  return { list: rows.map((row) => rowOf(row.certificate)) };
}

/** Revokes a certificate, in the caller's audited transaction; a second revoke is refused. */
export async function revokeCertificate(
  tx: Database,
  clock: Clock,
  audit: Audit,
  actor: AuditActor,
  input: { certificate_no: string; reason: string },
): Promise<CertificateRow> {
  const [revoked] = await tx
    .update(creditCertificates)
    .set({ revokedAt: clock.now(), revokedReason: input.reason, revokedBy: actor.username })
    .where(and(eq(creditCertificates.certificateNo, input.certificate_no), isNull(creditCertificates.revokedAt)))
    .returning();
  if (!revoked) {
    const [row] = await tx
      .select({ id: creditCertificates.id })
      .from(creditCertificates)
      .where(eq(creditCertificates.certificateNo, input.certificate_no));
    throw row ? conflict(M.alreadyRevoked) : notFound(M.notFound);
  }
  await audit({
    action: 'certificate.revoke',
    target: revoked.certificateNo,
    before: { revoked: false },
    after: { revoked: true, reason: input.reason, learner: revoked.learnerName, year: revoked.year },
  });
  return rowOf(revoked);
}
