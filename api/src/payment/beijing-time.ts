import { parseBeijingTime } from '@yaoshi/contracts/beijing-time';

/** `YYYY-MM-DD HH:mm:ss` (Beijing) as the gateways' bills write it; null when it is not one. */
export function parseBeijingDateTime(text: string): Date | null {
  try {
    return parseBeijingTime(text.trim());
  } catch {
    return null;
  }
}

/** The moments a Beijing calendar day spans: [start, end). */
export function beijingDayBounds(day: string): { start: Date; end: Date } {
  const start = parseBeijingTime(`${day} 00:00:00`);
  return { start, end: new Date(start.getTime() + 24 * 60 * 60 * 1000) };
}
