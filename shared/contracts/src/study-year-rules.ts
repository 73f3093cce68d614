/**
 * 学习年度 as learners meet them: a year is a draft (草稿) until staff open it, visible to
 * learners from its enrolment opening day, and the default year of every page is chosen by
 * one rule (`currentYearOf`), on the server, by the Beijing calendar day.
 */

export interface StudyYearDates {
  year: number;
  isBuxue: boolean;
  /** When staff opened the year; null: still a draft, seen only in the console. */
  openedAt: Date | null;
  /** The enrolment opening day ('YYYY-MM-DD', Beijing); null on years opened before it was required. */
  opensOn: string | null;
  /** From this day the year is every page's default; null: from the day it is visible. */
  defaultFrom: string | null;
  sortOrder: number;
}

export type StudyYearStatus = 'draft' | 'scheduled' | 'open';

export const STUDY_YEAR_STATUS_LABELS: Readonly<Record<StudyYearStatus, string>> = {
  draft: '草稿',
  scheduled: '已开放（未到报名开始日期）',
  open: '已开放',
};

export const STUDY_YEAR_MESSAGES = {
  openNeedsDates: '开放年度前请填写报名开始日期、学习期间和成为默认年度的日期',
  studyDatesOrder: '学习开始日期不能晚于学习结束日期',
  defaultBeforeOpening: '成为默认年度的日期不能早于报名开始日期',
  alreadyOpen: '该年度已经开放',
  openedKeepsDates: '已开放的年度须保留报名开始日期、学习期间和成为默认年度的日期',
  draftYear: '该年度尚未开放',
} as const;

/** Draft, opened but before its enrolment opening day, or open to learners. */
export function studyYearStatusOf(year: Pick<StudyYearDates, 'openedAt' | 'opensOn'>, today: string): StudyYearStatus {
  if (year.openedAt === null) return 'draft';
  if (year.opensOn !== null && today < year.opensOn) return 'scheduled';
  return 'open';
}

export function visibleToLearners(year: Pick<StudyYearDates, 'openedAt' | 'opensOn'>, today: string): boolean {
  return studyYearStatusOf(year, today) === 'open';
}

/**
 * The current year on `today`: of the years open to learners, the regular (not make-up) one
 * whose default day came last (a year without one counts from its opening), the newer year on
 * a tie. With no regular year open, the newest open make-up year; null when nothing is open.
 */
export function currentYearOf<T extends StudyYearDates>(years: readonly T[], today: string): T | null {
  const open = years.filter((year) => visibleToLearners(year, today));
  const startOf = (year: T) => year.defaultFrom ?? year.opensOn ?? '';
  const regular = open.filter((year) => !year.isBuxue && startOf(year) <= today);
  const pool = regular.length > 0 ? regular : open;
  let best: T | null = null;
  for (const year of pool) {
    if (best === null) best = year;
    else if (startOf(year) > startOf(best) || (startOf(year) === startOf(best) && year.year > best.year)) best = year;
  }
  return best;
}

/**
 * The years a learner sees, in the order every year picker shows them: the current year first,
 * then the others by their list order (sort order, newer first).
 */
export function learnerYearsOf<T extends StudyYearDates>(years: readonly T[], today: string): T[] {
  const current = currentYearOf(years, today);
  const others = years
    .filter((year) => year !== current && visibleToLearners(year, today))
    .sort((a, b) => a.sortOrder - b.sortOrder || b.year - a.year);
  return current ? [current, ...others] : others;
}
