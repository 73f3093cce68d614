import { formatBeijingTime, parseBeijingTime } from '../content/published-time';

/** RFC 3339 in Beijing time, as WeChat Pay wants its times: `2026-11-24T10:15:00+08:00`. */
export function beijingDateTime(time: Date): string {
  return `${formatBeijingTime(time).replace(' ', 'T')}+08:00`;
}

/** `YYYY-MM-DD HH:mm:ss` (Beijing) as the gateways' bills write it; null when it is not one. */
export function parseBeijingDateTime(text: string): Date | null {
  try {
    return parseBeijingTime(text.trim());
  } catch {
    return null;
  }
}

/** The Beijing calendar day of a moment, `YYYY-MM-DD`: the day a gateway's bill puts it on. */
export function beijingDayOf(time: Date): string {
  return formatBeijingTime(time).slice(0, 10);
}

/** The moments a Beijing calendar day spans: [start, end). */
export function beijingDayBounds(day: string): { start: Date; end: Date } {
  const start = parseBeijingTime(`${day} 00:00:00`);
  return { start, end: new Date(start.getTime() + 24 * 60 * 60 * 1000) };
}
