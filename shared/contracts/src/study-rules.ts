/**
 * The study side's numbers and arithmetic (spec 01 §9, spec 02 §4, §5, §7, §9), shared by
 * the server (which decides) and the browser (which shows). Pure functions only.
 */
import { NEED_ALL, REQUIRED_PROFESSIONAL_TENTHS, REQUIRED_PUBLIC_TENTHS } from './course-selection-rules';

/** Hours and credits are stored in tenths; shown with one decimal (spec 01 §9). */
export const TENTHS_PER_UNIT = 10;

/** A course counts toward study hours and credits only at this progress (spec 02 §5). */
export const COMPLETE_PROGRESS = 100;

/** spec 02 §9: progress reports every 10 s (professional) or 60 s (public). */
export const PROFESSIONAL_REPORT_INTERVAL_SECONDS = 10;
export const PUBLIC_REPORT_INTERVAL_SECONDS = 60;

/** spec 02 §4, §9: a trial watch stops at 360 s and goes to /signStudy 2 s later. */
export const TRIAL_LIMIT_SECONDS = 360;
export const TRIAL_REDIRECT_DELAY_MS = 2000;

/** spec 02 §4, §9: a face check not uploaded within 60 s reloads the page. */
export const FACE_CHECK_TIMEOUT_SECONDS = 60;

/** spec 02 §7, §9: public quiz pop-ups at these shares of the video's duration. */
export const PUBLIC_QUIZ_PERCENTS = [35, 50, 65, 80, 95] as const;

/** spec 02 §5: the evaluation scale. */
export const EVALUATION_GRADES = [
  { value: 1, label: '不满意' },
  { value: 2, label: '一般' },
  { value: 3, label: '基本满意' },
  { value: 4, label: '非常满意' },
] as const;
export const MIN_GRADE = 1;
export const MAX_GRADE = 4;

/**
 * 1 playing, 2 the video ended, 3 the page stops playing (left the lesson, reloaded or
 * closed): the session is no longer live, so the learner can open another lesson at once;
 * 4 the learner moves study to this page (在此继续学习): the learner's other sessions stop
 * being live and this one continues from the verified point.
 */
export const REPORT_STATE = { playing: 1, ended: 2, closed: 3, takeover: 4 } as const;

/** spec 02 §9: archive review takes up to 7 working days. */
export const ARCHIVE_REVIEW_WORKING_DAYS = 7;

/**
 * A course is complete when the verified watched time covers this share of the video: the
 * last fraction of a second is not always reported before `ended` fires.
 */
export const COMPLETION_WATCHED_PERCENT = 98;

/** Whether `verifiedSeconds` of a `durationSeconds` video completes the course. */
export function coversCompletion(verifiedSeconds: number, durationSeconds: number): boolean {
  return verifiedSeconds * 100 >= durationSeconds * COMPLETION_WATCHED_PERCENT;
}

/**
 * The progress percent shown for a verified watch: 100 only when complete, otherwise the
 * whole percent watched, at most 99 (a course short of completion never shows 100).
 */
export function progressPercentOf(verifiedSeconds: number, durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  if (coversCompletion(verifiedSeconds, durationSeconds)) return COMPLETE_PROGRESS;
  return Math.min(COMPLETE_PROGRESS - 1, Math.max(0, Math.floor((verifiedSeconds * 100) / durationSeconds)));
}

/** A number of tenths as the number with one decimal the API sends (45 → 4.5). */
export function fromTenths(tenths: number): number {
  return tenths / TENTHS_PER_UNIT;
}

/** Hours or credits as shown: always one decimal (spec 01 §9). */
export function formatOneDecimal(value: number): string {
  return (Math.round(value * TENTHS_PER_UNIT) / TENTHS_PER_UNIT).toFixed(1);
}

export interface SummaryCourse {
  learn_progress: number;
  /** One decimal, as sent. */
  credit: number;
  class_hour: number;
}

export interface StudySummary {
  /** Summed progress ÷ course count, an integer (0 with no course). */
  totalPro: number;
  /** Hours and credits of the courses at progress 100, with one decimal. */
  studyHours: string;
  studyCredit: string;
  allComplete: boolean;
}

/** spec 01 §9 / spec 02 §5: the banner of a study list. Sums in tenths, so 0.1 + 0.2 is 0.3. */
export function studySummaryOf(courses: readonly SummaryCourse[]): StudySummary {
  const complete = courses.filter((course) => course.learn_progress >= COMPLETE_PROGRESS);
  const tenths = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * TENTHS_PER_UNIT), 0);
  const summed = courses.reduce((sum, course) => sum + course.learn_progress, 0);
  return {
    totalPro: courses.length === 0 ? 0 : Math.floor(summed / courses.length),
    studyHours: formatOneDecimal(fromTenths(tenths(complete.map((course) => course.class_hour)))),
    studyCredit: formatOneDecimal(fromTenths(tenths(complete.map((course) => course.credit)))),
    allComplete: courses.length > 0 && complete.length === courses.length,
  };
}

export type StudyAction = 'start' | 'continue' | 'review';

/** spec 02 §4: progress 0 starts, between continues (at learn_time), 100 reviews. */
export function studyActionOf(progress: number): StudyAction {
  if (progress <= 0) return 'start';
  return progress >= COMPLETE_PROGRESS ? 'review' : 'continue';
}

export const STUDY_ACTION_LABELS: Record<StudyAction, string> = {
  start: '开始学习',
  continue: '继续学习',
  review: '复习',
};

export type PublicCourseGate = 'open' | 'previous-unfinished' | 'previous-unrated';

/**
 * spec 02 §5: a public course opens only when the one before it in the list is 100 %
 * and rated. The first course is always open.
 */
export function publicCourseGateOf(
  courses: readonly { learn_progress: number; is_grade: number }[],
  index: number,
): PublicCourseGate {
  if (index <= 0) return 'open';
  const previous = courses[index - 1];
  if (!previous) return 'open';
  if (previous.learn_progress < COMPLETE_PROGRESS) return 'previous-unfinished';
  if (!previous.is_grade) return 'previous-unrated';
  return 'open';
}

/**
 * The first of `percents` that the playback at `positionSeconds` of `durationSeconds` has
 * reached and that is not yet `done`; null when none is due. Face checks and quiz
 * pop-ups both use it.
 */
export function duePercentOf(
  percents: readonly number[],
  positionSeconds: number,
  durationSeconds: number,
  done: ReadonlySet<number>,
): number | null {
  if (durationSeconds <= 0) return null;
  const reached = (positionSeconds * 100) / durationSeconds;
  for (const percent of [...percents].sort((a, b) => a - b)) {
    if (percent <= reached && !done.has(percent)) return percent;
  }
  return null;
}

export type StudyKind = 'professional' | 'public';

/**
 * The hours, in tenths, a year requires of one kind of course (the study list's
 * `year_class_hour`, spec 02 §5, §9): 30 public hours; 60 professional hours when the year's
 * need_all is 1, otherwise the professional hours the learner is enrolled in.
 */
export function requiredYearTenths(kind: StudyKind, needAll: number, enrolledTenths: number): number {
  if (kind === 'public') return REQUIRED_PUBLIC_TENTHS;
  return needAll === NEED_ALL.required ? REQUIRED_PROFESSIONAL_TENTHS : enrolledTenths;
}

/** One learner's hours of one year and kind, in tenths: enrolled, and of the courses at 100 %. */
export interface KindHours {
  enrolledTenths: number;
  completedTenths: number;
}

/**
 * Whether a learner has completed a study year — the one rule behind the reports' 已完成,
 * the archive review that follows it and the 学时证明: every course enrolled that year is
 * finished (spec 02 §4: the archive-review notice follows the last course), the completed
 * hours of both kinds reach what the year requires of each (`requiredYearTenths`), and the
 * learner studied something that year.
 */
export function yearCompleted(needAll: number, professional: KindHours, publicHours: KindHours): boolean {
  if (professional.completedTenths + publicHours.completedTenths <= 0) return false;
  const everyCourseFinished =
    professional.completedTenths >= professional.enrolledTenths &&
    publicHours.completedTenths >= publicHours.enrolledTenths;
  return (
    everyCourseFinished &&
    professional.completedTenths >= requiredYearTenths('professional', needAll, professional.enrolledTenths) &&
    publicHours.completedTenths >= requiredYearTenths('public', needAll, publicHours.enrolledTenths)
  );
}
