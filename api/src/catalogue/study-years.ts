import { asc, desc } from 'drizzle-orm';
import { beijingDayOf } from '@yaoshi/contracts/beijing-time';
import { currentYearOf, learnerYearsOf } from '@yaoshi/contracts/study-year-rules';
import type { Database } from '../db/database';
import { academicYears } from './catalogue-schema';

export type StudyYearRow = typeof academicYears.$inferSelect;

/**
 * The one place that decides which study years learners see and which one every page opens
 * on (study-year-rules.ts, by today's Beijing day). Learner routes and console pages alike
 * ask here; nothing else orders years to pick a default.
 */
export async function allStudyYears(db: Database): Promise<StudyYearRow[]> {
  return db.select().from(academicYears).orderBy(asc(academicYears.sortOrder), desc(academicYears.year));
}

/** The current open year, or null when no year is open. */
export async function currentStudyYear(db: Database, now: Date): Promise<StudyYearRow | null> {
  return currentYearOf(await allStudyYears(db), beijingDayOf(now));
}

/** The years open to learners, the current one first. */
export async function learnerStudyYears(db: Database, now: Date): Promise<StudyYearRow[]> {
  return learnerYearsOf(await allStudyYears(db), beijingDayOf(now));
}

/**
 * For console pages that list every year, drafts included: the years in list order, and the
 * default to open on (the current open year; the first listed when none is open).
 */
export async function staffStudyYears(
  db: Database,
  now: Date,
): Promise<{ years: StudyYearRow[]; current: StudyYearRow | null }> {
  const years = await allStudyYears(db);
  return { years, current: currentYearOf(years, beijingDayOf(now)) ?? years[0] ?? null };
}
