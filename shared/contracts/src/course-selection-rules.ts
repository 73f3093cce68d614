/**
 * The course-selection rules of spec 02 §5 and §9, written once: the server enforces them
 * on signup_once, validate, order and the public sign-up, and the selection pages use the
 * same functions to decide which dialog to show. Hours are counted in tenths (45 = 4.5 h)
 * so sums are exact; money in fen.
 */

import { COURSE_KIND_NAMES } from './site-names';

const { professional: PROFESSIONAL, public: PUBLIC } = COURSE_KIND_NAMES;

/** spec 02 §9: professional hours a year requires when need_all = 1. */
export const REQUIRED_PROFESSIONAL_HOURS = 60;
/** spec 02 §9: public-requirement hours; at least this many to sign up, exactly this many to confirm. */
export const REQUIRED_PUBLIC_HOURS = 30;
export const HOUR_TENTHS = 10;
export const REQUIRED_PROFESSIONAL_TENTHS = REQUIRED_PROFESSIONAL_HOURS * HOUR_TENTHS;
export const REQUIRED_PUBLIC_TENTHS = REQUIRED_PUBLIC_HOURS * HOUR_TENTHS;

/** `need_all` of a year: 1 all 60 hours are required (compulsory courses included), 2 free choice (make-up years). */
export const NEED_ALL = { required: 1, free: 2 } as const;
export type NeedAll = (typeof NEED_ALL)[keyof typeof NEED_ALL];

export const COURSE_TYPE = { compulsory: 1, elective: 2 } as const;

/** spec 02 §2: the learning mode tabs (webcourses `type`). */
export const TEACHING_MODE = { web: 1, faceToFace: 2 } as const;

/** spec 02 §3: the order's education type; only professional courses are sold. */
export const EDUCATION_TYPE_PROFESSIONAL = 1;

/** Every text of the rules, in Chinese, shown by the pages and sent by the server as its message. */
export const SELECTION_MESSAGES = {
  nothingSelected: '您还没有选择要学习的课程',
  duplicateCourse: '同一门课程不能重复选择',
  unknownCourse: '所选课程不存在或不属于该年度',
  faceToFace: '面授课程暂未开放，不能选择',
  alreadyOwned: (name: string) => `课程「${name}」您已购买或已报名，无需重复选择`,
  compulsoryMissing: (names: string[]) => `本年度必修课须全部选择，尚未选择：${names.join('、')}`,
  yearUnknown: '该年度不存在',
  professionalShortfall: (required: string, chosen: string, missing: string) =>
    `本年度${PROFESSIONAL}要求${required}学时，您已选择${chosen}学时，还差${missing}学时，请重新选择课程`,
  professionalOverHours: (chosen: string, over: string) =>
    `您已选择${chosen}学时，超出本年度要求学时${over}学时。超出部分同样需要缴费且须全部学完，确定继续报名吗？`,
  professionalReached: (required: string) => `已选满${required}学时。您可以取消部分选修课，或直接报名确认。`,
  publicNotEnough: (required: string, chosen: string) =>
    `${PUBLIC}至少需选择${required}学时，您当前选择了${chosen}学时，学时不足，请继续选择`,
  publicReached: (required: string) => `已选满${required}学时，可以报名确认了。`,
  publicNotExact: (required: string, chosen: string) =>
    `${PUBLIC}须恰好选择${required}学时，您当前选择了${chosen}学时，请调整后再确认`,
  publicAlreadyComplete: `您已报名本年度${PUBLIC}，无需重复报名`,
  signupSuccess: '报名成功',
  priceChanged: '课程价格已变化，请返回选课页面重新确认',
} as const;

/** Hours for display: one decimal place (spec 02 §5 "Display"). */
export function formatHours(tenths: number): string {
  return (tenths / HOUR_TENTHS).toFixed(1);
}

/** A price for display, in yuan with two decimals. */
export function formatYuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

export function tenthsToNumber(tenths: number): number {
  return tenths / HOUR_TENTHS;
}

export interface RuleCourse {
  id: number;
  name: string;
  year: number;
  kind: 'professional' | 'public';
  delivery: 'web' | 'face_to_face';
  courseType: number;
  classHourTenths: number;
  priceFen: number;
}

export function sumHourTenths(courses: readonly Pick<RuleCourse, 'classHourTenths'>[]): number {
  return courses.reduce((total, course) => total + course.classHourTenths, 0);
}

/** The price of a selection: the sum of its courses' prices, nothing else (the server's number is the one charged). */
export function priceFenOf(courses: readonly Pick<RuleCourse, 'priceFen'>[]): number {
  return courses.reduce((total, course) => total + course.priceFen, 0);
}

/** The numbers of `validate` (spec 02 §3 "Validation result"), in tenths. */
export interface ProfessionalHours {
  /** Hours the year requires (60 when need_all = 1, 0 otherwise). */
  requiredTenths: number;
  /** Hours the learner will hold: already paid for plus this selection. */
  currentTenths: number;
  /** required − current: below 0 means over the requirement. */
  remainTenths: number;
}

export function professionalHoursOf(needAll: number, ownedTenths: number, selectedTenths: number): ProfessionalHours {
  const requiredTenths = needAll === NEED_ALL.required ? REQUIRED_PROFESSIONAL_TENTHS : 0;
  const currentTenths = ownedTenths + selectedTenths;
  return { requiredTenths, currentTenths, remainTenths: requiredTenths - currentTenths };
}

/**
 * What the confirm step shows after validate (spec 02 §5): the over-hours dialog when the
 * remaining hours are below 0, the shortfall message when fewer than required, otherwise msg2.
 * With need_all other than 1, msg2 directly.
 */
export type ProfessionalVerdict =
  { kind: 'over'; message: string } | { kind: 'short'; message: string } | { kind: 'ok' };

export function professionalVerdict(needAll: number, hours: ProfessionalHours): ProfessionalVerdict {
  if (needAll !== NEED_ALL.required) return { kind: 'ok' };
  if (hours.currentTenths < hours.requiredTenths) {
    return {
      kind: 'short',
      message: SELECTION_MESSAGES.professionalShortfall(
        formatHours(hours.requiredTenths),
        formatHours(hours.currentTenths),
        formatHours(hours.remainTenths),
      ),
    };
  }
  if (hours.remainTenths < 0) {
    return {
      kind: 'over',
      message: SELECTION_MESSAGES.professionalOverHours(
        formatHours(hours.currentTenths),
        formatHours(-hours.remainTenths),
      ),
    };
  }
  return { kind: 'ok' };
}

/** spec 02 §5: the prompt while adding an elective, once the selection reaches 60 hours. */
export function crossesProfessionalRequirement(needAll: number, beforeTenths: number, afterTenths: number): boolean {
  return (
    needAll === NEED_ALL.required &&
    beforeTenths < REQUIRED_PROFESSIONAL_TENTHS &&
    afterTenths >= REQUIRED_PROFESSIONAL_TENTHS
  );
}

/** spec 02 §5: the prompt once the public selection reaches 30 hours. */
export function crossesPublicRequirement(beforeTenths: number, afterTenths: number): boolean {
  return beforeTenths < REQUIRED_PUBLIC_TENTHS && afterTenths >= REQUIRED_PUBLIC_TENTHS;
}

/** Public sign-up step: at least 30 hours (counting those already signed up for). */
export function publicSignupProblem(ownedTenths: number, selectedTenths: number): string | null {
  const current = ownedTenths + selectedTenths;
  return current < REQUIRED_PUBLIC_TENTHS
    ? SELECTION_MESSAGES.publicNotEnough(formatHours(REQUIRED_PUBLIC_TENTHS), formatHours(current))
    : null;
}

/** Public confirmation: exactly 30 hours. */
export function publicConfirmProblem(ownedTenths: number, selectedTenths: number): string | null {
  const current = ownedTenths + selectedTenths;
  return current !== REQUIRED_PUBLIC_TENTHS
    ? SELECTION_MESSAGES.publicNotExact(formatHours(REQUIRED_PUBLIC_TENTHS), formatHours(current))
    : null;
}

export interface SelectionContext {
  year: number;
  kind: RuleCourse['kind'];
  needAll: number;
  /** Every course of the year and kind (the catalogue the selection is checked against). */
  catalogue: readonly RuleCourse[];
  /** Course ids the learner already holds (paid for, or signed up for). */
  ownedIds: ReadonlySet<number>;
}

export type SelectionCheck = { ok: true; courses: RuleCourse[] } | { ok: false; message: string };

/**
 * The structural rules every step enforces: something selected, no course twice, only this
 * year's courses of this kind, no face-to-face course, nothing already held, and with
 * need_all = 1 every compulsory course not yet held.
 */
export function checkSelection(selectedIds: readonly number[], context: SelectionContext): SelectionCheck {
  if (selectedIds.length === 0) return { ok: false, message: SELECTION_MESSAGES.nothingSelected };
  if (new Set(selectedIds).size !== selectedIds.length)
    return { ok: false, message: SELECTION_MESSAGES.duplicateCourse };
  const byId = new Map(context.catalogue.map((course) => [course.id, course]));
  const courses: RuleCourse[] = [];
  for (const id of selectedIds) {
    const course = byId.get(id);
    if (!course || course.year !== context.year || course.kind !== context.kind)
      return { ok: false, message: SELECTION_MESSAGES.unknownCourse };
    if (course.delivery !== 'web') return { ok: false, message: SELECTION_MESSAGES.faceToFace };
    if (context.ownedIds.has(id)) return { ok: false, message: SELECTION_MESSAGES.alreadyOwned(course.name) };
    courses.push(course);
  }
  if (context.kind === 'professional' && context.needAll === NEED_ALL.required) {
    const chosen = new Set(selectedIds);
    const missing = context.catalogue.filter(
      (course) =>
        course.courseType === COURSE_TYPE.compulsory &&
        course.delivery === 'web' &&
        !context.ownedIds.has(course.id) &&
        !chosen.has(course.id),
    );
    if (missing.length > 0)
      return { ok: false, message: SELECTION_MESSAGES.compulsoryMissing(missing.map((course) => course.name)) };
  }
  return { ok: true, courses };
}

/** The `cids` / `course_ids` text: a comma-joined list of ids. */
export function parseIdList(text: string): number[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const parts = trimmed.split(',').map((part) => part.trim());
  if (!parts.every((part) => /^[1-9]\d{0,9}$/.test(part))) return null;
  const ids = parts.map(Number);
  return ids.every((id) => id <= 2_147_483_647) ? ids : null;
}
