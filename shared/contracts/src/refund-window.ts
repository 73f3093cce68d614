import { BEIJING_OFFSET_MS } from './beijing-time';

/**
 * Spec 01 §4, payment notes: no refund more than one month after payment. Shared: the
 * server refuses a late refund with it and computes the order table's actions with it. A calendar
 * month in Beijing time: paid 2025-03-15 10:00 → refundable until 2025-04-15 10:00; a day
 * the next month lacks is clamped to its last day (paid 01-31 → until 02-28, or 02-29).
 */
export const REFUND_WINDOW_MONTHS = 1;

/** The last moment a refund may be requested for an order paid at `paidAt`. */
export function refundWindowEnd(paidAt: Date, months: number = REFUND_WINDOW_MONTHS): Date {
  const local = new Date(paidAt.getTime() + BEIJING_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const end = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(end - BEIJING_OFFSET_MS);
}

/** Whether a refund may still be requested now; an order without a payment time has none to refund. */
export function isWithinRefundWindow(paidAt: Date | null, now: Date): boolean {
  return paidAt !== null && now.getTime() <= refundWindowEnd(paidAt).getTime();
}
