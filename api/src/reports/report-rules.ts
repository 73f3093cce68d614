import { beijingDayOf } from '@yaoshi/contracts/beijing-time';
import { REPORT_UNFILLED, type ReportGroup } from '@yaoshi/contracts/reports';
import { ARCHIVE_REVIEW_WORKING_DAYS, fromTenths, yearCompleted, type KindHours } from '@yaoshi/contracts/study-rules';

/**
 * The arithmetic of 统计报表 (issue 20), pure: who counts as completed comes from the one
 * rule in the contracts (`yearCompleted`); here only grouping, rates and dates.
 */

/** One learner's year, as read from the database. */
export interface LearnerYear {
  learnerId: number;
  name: string;
  idNumber: string;
  company: string;
  province: string;
  city: string;
  professional: KindHours;
  public: KindHours;
  /** When the last of the learner's finished courses of the year was finished; null if none. */
  lastCompletedAt: Date | null;
}

/** The unit a learner is counted under: the 工作单位, or 未填写. */
export function unitOf(company: string): string {
  return company.trim() || REPORT_UNFILLED;
}

/**
 * The region a learner is counted under: province and city (a municipality's 市辖区 adds
 * nothing to its name), or 未填写.
 */
export function regionOf(province: string, city: string): string {
  const p = province.trim();
  const c = city.trim();
  if (!p) return REPORT_UNFILLED;
  return c && c !== '市辖区' && c !== p ? `${p}${c}` : p;
}

/** completed ÷ enrolled in percent, one decimal; 0 with nobody enrolled. */
export function completionRate(completed: number, enrolled: number): number {
  if (enrolled <= 0) return 0;
  return Math.round((completed * 1000) / enrolled) / 10;
}

export function isYearCompleted(needAll: number, learner: LearnerYear): boolean {
  return yearCompleted(needAll, learner.professional, learner.public);
}

export function completedTenthsOf(learner: LearnerYear): number {
  return learner.professional.completedTenths + learner.public.completedTenths;
}

/** The report line of a group of learners. */
export function groupOf(name: string, needAll: number, members: readonly LearnerYear[]): ReportGroup {
  const completed = members.filter((learner) => isYearCompleted(needAll, learner)).length;
  const tenths = members.reduce((sum, learner) => sum + completedTenthsOf(learner), 0);
  return {
    name,
    enrolled: members.length,
    completed,
    hours_completed: fromTenths(tenths),
    completion_rate: completionRate(completed, members.length),
  };
}

/**
 * Learners grouped by `keyOf`, one line each: most learners first, then by name, so the
 * largest units and regions head the table and the chart. 未填写 goes last.
 */
export function groupsBy(
  learners: readonly LearnerYear[],
  needAll: number,
  keyOf: (learner: LearnerYear) => string,
): ReportGroup[] {
  const groups = new Map<string, LearnerYear[]>();
  for (const learner of learners) {
    const key = keyOf(learner);
    const members = groups.get(key);
    if (members) members.push(learner);
    else groups.set(key, [learner]);
  }
  return [...groups.entries()]
    .map(([name, members]) => groupOf(name, needAll, members))
    .sort(
      (a, b) =>
        Number(a.name === REPORT_UNFILLED) - Number(b.name === REPORT_UNFILLED) ||
        b.enrolled - a.enrolled ||
        a.name.localeCompare(b.name, 'zh-Hans-CN'),
    );
}

const DAY_MS = 24 * 60 * 60 * 1000;

export { beijingDayOf };

/**
 * `day` plus `workingDays` working days (Monday to Friday; public holidays are not known to
 * the product, so the date is the latest the review may take without them).
 */
export function addWorkingDays(day: string, workingDays: number): string {
  let time = Date.parse(`${day}T00:00:00Z`);
  let left = workingDays;
  while (left > 0) {
    time += DAY_MS;
    const weekday = new Date(time).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(time).toISOString().slice(0, 10);
}

/** spec 02 §4: the archive review of a year completed on `completedOn` ends within 7 working days. */
export function reviewDueOn(completedOn: string): string {
  return addWorkingDays(completedOn, ARCHIVE_REVIEW_WORKING_DAYS);
}
