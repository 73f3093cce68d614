/** Beijing time (UTC+8, no daylight saving): the product's calendar for days and deadlines. */
export const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** A moment's Beijing calendar day, 'YYYY-MM-DD'. */
export function beijingDayOf(time: Date): string {
  return new Date(time.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}
