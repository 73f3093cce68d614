/**
 * Credits and prices of courses, one rule each (README "Demo content" states them).
 *
 * - One 学分 for each 学时: a course's credits are its hours, so credits always add up like
 *   hours (six public courses of 5 学时 make 30 学时 and 30 学分; 60 professional 学时 are
 *   60 学分). A rule of one credit per three hours cannot be kept to the spec's one decimal
 *   (5 h → 1.7, and six of them 10.2 instead of 10).
 * - Public-requirement courses are free: their sign-up charges nothing and goes straight to
 *   /publicCourse (spec 02 §4, §5); only professional courses are ordered and paid at /pay.
 */
export const CREDITS_PER_HOUR = 1;

/** A course's credits, in tenths, from its hours in tenths. */
export function creditTenthsOfHours(classHourTenths: number): number {
  return classHourTenths * CREDITS_PER_HOUR;
}

export const PUBLIC_COURSE_PRICE_FEN = 0;
