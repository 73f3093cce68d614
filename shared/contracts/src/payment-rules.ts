/**
 * Payment's numbers and the order name (spec 01 §2, §9), without zod: the pay and course
 * selection pages use them, and enrolment.ts's endpoint schemas would bring zod (24 KB gzip)
 * into those pages.
 */

/** spec 01 §9: the QR is valid for 5 minutes; an unpaid order is closed after its deadline. */
export const PAYMENT_VALID_MINUTES = 5;
/** spec 01 §9: 3 QR (wechat-type, default), 2 redirect (alipay-type). */
export const PAY_TYPE = { redirect: 2, qr: 3 } as const;

/** spec 01 §2: the order name on /pay, '{year} remote annual training order'. */
export function orderNameOf(year: number): string {
  return `${year}年远程年度培训订单`;
}
