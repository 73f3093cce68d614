/**
 * The rules and texts of the order table, the refund form and the invoice form (spec 02
 * §3–§5, §8, §9), as plain data and functions: the browser forms and the server's
 * contracts use these very copies, so both refuse the same input with the same words.
 */
import { PHONE_LENGTH } from './identity-rules';
import { EMAIL_MAX_LENGTH, isEmail } from './profile-rules';
import { COURSE_KIND_NAMES } from './site-names';

/**
 * The order number shown to learners and sent to the payment provider: digits only (the
 * invoice form says 订单号只能为数字), at most 32 as the database allows.
 */
export const ORDER_NO_MAX_LENGTH = 32;
const ORDER_NO = /^\d+$/;
export function isOrderNo(value: string): boolean {
  return value.length <= ORDER_NO_MAX_LENGTH && ORDER_NO.test(value);
}

/**
 * The invoice form's phone: 1, then one of 3/4/5/7/8, then 9 digits (spec 02 §5). Not the
 * same as `MOBILE_PHONE_PATTERN` of identity-rules (1, then 3–9, forgot password) nor the
 * login's `1` + 10 digits: the spec gives each form its own pattern, so a 16x/19x number
 * passes the forgot-password form and is refused here.
 */
export const INVOICE_PHONE_PATTERN = /^1[34578]\d{9}$/;
export const INVOICE_PHONE_MAX_LENGTH = PHONE_LENGTH;
export function isInvoicePhone(value: string): boolean {
  return INVOICE_PHONE_PATTERN.test(value);
}

/** The invoice email: the profile's email rule (one copy, profile-rules). */
export const INVOICE_EMAIL_MAX_LENGTH = EMAIL_MAX_LENGTH;
export const isInvoiceEmail = isEmail;

/** The one invoice type offered (spec 02 §5). */
export const INVOICE_KIND = { vatElectronicOrdinary: 1 } as const;
export const INVOICE_KIND_LABELS = { 1: '增值税电子普通发票' } as const;
export type InvoiceKind = (typeof INVOICE_KIND)[keyof typeof INVOICE_KIND];

/** Title types (spec 02 §3, §9): personal 1, enterprise 2. */
export const INVOICE_TITLE_TYPE = { personal: 1, enterprise: 2 } as const;
export const INVOICE_TITLE_TYPE_LABELS = { 1: '个人', 2: '企业' } as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPE)[keyof typeof INVOICE_TITLE_TYPE];

/**
 * 纳税人识别号: the 18-character unified social credit code, or the older 15-, 17- and
 * 20-character numbers; digits and capital letters. The spec only says "required"; an
 * invoice with a malformed tax number cannot be issued, so the form says so at once.
 */
const TAX_NUMBER = /^[0-9A-Z]{15}$|^[0-9A-Z]{17,18}$|^[0-9A-Z]{20}$/;
export function isTaxNumber(value: string): boolean {
  return TAX_NUMBER.test(value);
}

export const INVOICE_TITLE_MAX_LENGTH = 100;
export const INVOICE_REMARK_MAX_LENGTH = 200;
export const REFUND_REASON_MAX_LENGTH = 200;

/** /requestInvoice?type=…: a first request or a new one after a failure. */
export const INVOICE_REQUEST_KIND = { first: 1, again: 2 } as const;

/** Texts of the forms and the order table (spec 02 §5, §8), in Chinese. */
export const ORDER_MESSAGES = {
  orderNoRequired: '请输入订单号',
  orderNoDigits: '订单号只能为数字',
  invoiceKindRequired: '请选择发票类型',
  titleTypeRequired: '请选择抬头类型',
  invoiceTitleRequired: '请输入发票抬头',
  invoiceTitleTooLong: `发票抬头不能超过${INVOICE_TITLE_MAX_LENGTH}个字`,
  taxNumberRequired: '请输入税号',
  taxNumberInvalid: '请输入正确的税号',
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',
  emailRequired: '请输入邮箱',
  emailInvalid: '请输入正确的邮箱',
  remarkTooLong: `备注不能超过${INVOICE_REMARK_MAX_LENGTH}个字`,
  reasonRequired: '请输入退款原因',
  reasonTooLong: `退款原因不能超过${REFUND_REASON_MAX_LENGTH}个字`,

  cancelConfirm: '确定要取消该订单吗？',
  cancelSuccess: '取消成功',
  refundSubmitted: '退款申请已提交，正在审核中，请耐心等待',
  invoiceSubmitted: '提交成功，发票审核中',
} as const;

/** Display names of the other order columns. */
export const PAY_TYPE_LABELS: Readonly<Record<number, string>> = { 2: '支付宝支付', 3: '微信支付' };
export const EDUCATION_TYPE_LABELS: Readonly<Record<number, string>> = {
  1: COURSE_KIND_NAMES.professional,
  2: COURSE_KIND_NAMES.public,
};
