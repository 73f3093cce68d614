import type { Rule } from 'antd/es/form';
import {
  INVOICE_PHONE_MAX_LENGTH,
  INVOICE_REMARK_MAX_LENGTH,
  INVOICE_TITLE_MAX_LENGTH,
  INVOICE_TITLE_TYPE,
  ORDER_MESSAGES as M,
  REFUND_REASON_MAX_LENGTH,
  isInvoiceEmail,
  isInvoicePhone,
  isOrderNo,
  isTaxNumber,
} from '@yaoshi/contracts/order-rules';

/**
 * The refund and invoice forms' rules (spec 02 §5) as antd rules, built on the very
 * functions and texts the server's contracts use (@yaoshi/contracts/order-rules).
 */
const check =
  (test: (value: string) => boolean, message: string): Rule =>
  () => ({
    validator: (_rule, value: unknown) =>
      !value || test((typeof value === 'string' || typeof value === 'number' ? String(value) : '').trim())
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  });

const isEnterprise = (titleType: unknown) => Number(titleType) === INVOICE_TITLE_TYPE.enterprise;

export const ORDER_NO_RULES: Rule[] = [
  { required: true, whitespace: true, message: M.orderNoRequired },
  check(isOrderNo, M.orderNoDigits),
];

/** The refund form's checks (spec 02 §5): the problem with a field's value, if any. */
export const REFUND_PROBLEMS = {
  orderId: (value: string): string | undefined => {
    const text = value.trim();
    if (!text) return M.orderNoRequired;
    return isOrderNo(text) ? undefined : M.orderNoDigits;
  },
  reason: (value: string): string | undefined => {
    if (!value.trim()) return M.reasonRequired;
    return value.length > REFUND_REASON_MAX_LENGTH ? M.reasonTooLong : undefined;
  },
};

export const INVOICE_RULES = {
  orderId: ORDER_NO_RULES,
  invoiceType: [{ required: true, message: M.invoiceKindRequired }] satisfies Rule[],
  titleType: [{ required: true, message: M.titleTypeRequired }] satisfies Rule[],
  /** Required for an enterprise title only: reads the title type of the same form. */
  invoiceTitle: (titleType: () => unknown): Rule[] => [
    () => ({ required: isEnterprise(titleType()), whitespace: true, message: M.invoiceTitleRequired }),
    { max: INVOICE_TITLE_MAX_LENGTH, message: M.invoiceTitleTooLong },
  ],
  taxNumber: (titleType: () => unknown): Rule[] => [
    () => ({ required: isEnterprise(titleType()), whitespace: true, message: M.taxNumberRequired }),
    check((value) => isTaxNumber(value.toUpperCase()), M.taxNumberInvalid),
  ],
  phone: [
    { required: true, whitespace: true, message: M.phoneRequired },
    check(isInvoicePhone, M.phoneInvalid),
  ] satisfies Rule[],
  email: [
    { required: true, whitespace: true, message: M.emailRequired },
    check(isInvoiceEmail, M.emailInvalid),
  ] satisfies Rule[],
  remark: [{ max: INVOICE_REMARK_MAX_LENGTH, message: M.remarkTooLong }] satisfies Rule[],
};

export const PHONE_MAX_LENGTH = INVOICE_PHONE_MAX_LENGTH;
