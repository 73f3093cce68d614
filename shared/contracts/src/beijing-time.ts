/**
 * The product's one way of writing a time: people read Beijing time, `YYYY-MM-DD HH:mm:ss`,
 * whatever zone the server, the browser or the release manager's laptop runs in; programs
 * read ISO 8601 with the +08:00 offset. Every page, PDF, spreadsheet, mail and command-line
 * table formats through this module. China has used a fixed UTC+8 without daylight saving
 * since 1991, so a constant offset is exact for every date we store.
 */
export const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (value: number) => String(value).padStart(2, '0');

const asDate = (time: Date | string | number): Date => (time instanceof Date ? time : new Date(time));

/** `2026-11-24 10:15:00` in Beijing. Takes a Date, or an ISO string or milliseconds from a program. */
export function formatBeijingTime(time: Date | string | number): string {
  const t = new Date(asDate(time).getTime() + BEIJING_OFFSET_MS);
  return (
    `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
  );
}

/** ISO 8601 with Beijing's offset, for programs (`--json`, gateways): `2026-11-24T10:15:00+08:00`. */
export function beijingIsoTime(time: Date | string | number): string {
  return `${formatBeijingTime(time).replace(' ', 'T')}+08:00`;
}

/** The calendar day in Beijing, `YYYY-MM-DD`. */
export function beijingDayOf(time: Date | string | number): string {
  return formatBeijingTime(time).slice(0, 10);
}

/** The calendar year in Beijing: the study year a moment belongs to. */
export function beijingYearOf(time: Date | string | number): number {
  return new Date(asDate(time).getTime() + BEIJING_OFFSET_MS).getUTCFullYear();
}

/** The inverse, for seeds, forms and tests written in local terms: '2025-03-01 09:30:00' → Date. */
export function parseBeijingTime(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a 'YYYY-MM-DD HH:mm:ss' time: ${text}`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - BEIJING_OFFSET_MS);
}
