/**
 * Publication times are shown as 'YYYY-MM-DD HH:mm:ss' in Beijing time, whatever zone the
 * server runs in. China has used a fixed UTC+8 without daylight saving since 1991, so a
 * constant offset is exact for every date we store.
 */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (value: number) => String(value).padStart(2, '0');

export function formatBeijingTime(time: Date): string {
  const t = new Date(time.getTime() + BEIJING_OFFSET_MS);
  return (
    `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
  );
}

/** The calendar day in Beijing, 'YYYY-MM-DD'. */
export function beijingDateOf(time: Date): string {
  return formatBeijingTime(time).slice(0, 10);
}

/** The calendar year in Beijing: the study year a moment belongs to. */
export function beijingYearOf(time: Date): number {
  return new Date(time.getTime() + BEIJING_OFFSET_MS).getUTCFullYear();
}

/** The inverse, for seeds and tests written in local terms: '2025-03-01 09:30:00' → Date. */
export function parseBeijingTime(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a 'YYYY-MM-DD HH:mm:ss' time: ${text}`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - BEIJING_OFFSET_MS);
}
