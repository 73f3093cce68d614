/**
 * 学时证明 (issue 20): when a year's study is complete enough for a certificate, how its
 * number looks, and how a certificate shows a person (masked). Pure functions, shared by the
 * server (which decides and draws the PDF) and the pages (which show).
 */
import { COMPLETE_PROGRESS, yearCompleted, type KindHours } from './study-rules';

export type CertificateCourseKind = 'professional' | 'public';

/** One of the learner's live web-course enrolments of the year, with its progress. */
export interface YearCourse {
  kind: CertificateCourseKind;
  classHourTenths: number;
  progress: number;
}

export interface YearCompletion {
  complete: boolean;
  /** Hours of the finished courses, in tenths. */
  professionalTenths: number;
  publicTenths: number;
}

/**
 * Whether a year earns a certificate: the one completion rule (`yearCompleted`, which the
 * reports use too) on the learner's courses of the year, each of them finished.
 */
export function yearCompletionOf(needAll: number, courses: readonly YearCourse[]): YearCompletion {
  const hoursOf = (kind: CertificateCourseKind): KindHours => {
    const ofKind = courses.filter((course) => course.kind === kind);
    const tenths = (list: readonly YearCourse[]) => list.reduce((sum, course) => sum + course.classHourTenths, 0);
    return {
      enrolledTenths: tenths(ofKind),
      completedTenths: tenths(ofKind.filter((course) => course.progress >= COMPLETE_PROGRESS)),
    };
  };
  const professional = hoursOf('professional');
  const publicHours = hoursOf('public');
  const complete =
    courses.every((course) => course.progress >= COMPLETE_PROGRESS) &&
    yearCompleted(needAll, professional, publicHours);
  return { complete, professionalTenths: professional.completedTenths, publicTenths: publicHours.completedTenths };
}

/** Certificate numbers: XS, the study year, ten characters of Crockford base32 (no I, L, O, U). */
export const CERTIFICATE_NO_PATTERN = /^XS\d{4}[0-9A-HJKMNP-TV-Z]{10}$/;
export const CERTIFICATE_NO_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_NO_RANDOM_LENGTH = 10;

/** The number of a `year` certificate from ten random values 0–31. */
export function certificateNoOf(year: number, randomDigits: readonly number[]): string {
  const tail = randomDigits.map((digit) => CERTIFICATE_NO_ALPHABET[digit % CERTIFICATE_NO_ALPHABET.length]).join('');
  return `XS${year}${tail}`;
}

/** The public page that verifies a certificate, relative to the site's address. */
export const VERIFY_PATH = '/verify';
export function verifyUrlOf(siteOrigin: string, certificateNo: string): string {
  return `${siteOrigin}${VERIFY_PATH}?no=${encodeURIComponent(certificateNo)}`;
}

/** A name as the verification page shows it: first and last character kept (张晓明 → 张*明, 李华 → 李*). */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** An ID number with only its first 6 and last 4 characters (310115********0058). */
export function maskIdNumber(idNumber: string): string {
  const chars = [...idNumber.trim()];
  if (chars.length <= 10) return '*'.repeat(chars.length);
  return `${chars.slice(0, 6).join('')}${'*'.repeat(chars.length - 10)}${chars.slice(-4).join('')}`;
}

/** A certificate's reason for revocation: 2 to 200 characters. */
export const REVOKE_REASON_MIN = 2;
export const REVOKE_REASON_MAX = 200;

export const CERTIFICATE_MESSAGES = {
  notComplete: '本年度学时尚未全部完成，暂不能下载学时证明',
  yearUnknown: '该年度不存在',
  revoked: '该学时证明已被撤销，如有疑问请联系协会',
  notFound: '未找到该学时证明',
  alreadyRevoked: '该学时证明已撤销',
  badNumber: '证书编号格式不正确',
  reasonLength: `撤销原因须为${REVOKE_REASON_MIN}至${REVOKE_REASON_MAX}个字`,
  revokedDone: '学时证明已撤销',
} as const;
