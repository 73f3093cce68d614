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
import { requiredText } from '@yaoshi/ui/site-form';

/**
 * The refund and invoice forms' checks (spec 02 §5), each the problem with a field's value
 * if any, built on the very functions and texts the server's contracts use
 * (@yaoshi/contracts/order-rules). The pages check a field as it is edited and all of them
 * at 提交.
 */
type Problem = string | undefined;

const orderNoProblem = requiredText(M.orderNoRequired, isOrderNo, M.orderNoDigits);

/** The refund form's checks (spec 02 §5): the problem with a field's value, if any. */
export const REFUND_PROBLEMS = {
  orderId: orderNoProblem,
  reason: (value: string): Problem => {
    if (!value.trim()) return M.reasonRequired;
    return value.length > REFUND_REASON_MAX_LENGTH ? M.reasonTooLong : undefined;
  },
};

const isEnterprise = (titleType: number) => titleType === INVOICE_TITLE_TYPE.enterprise;

/** The invoice form's checks; the title and the tax number depend on the title type. */
export const INVOICE_PROBLEMS = {
  orderId: orderNoProblem,
  /** Required for an enterprise title only. */
  invoiceTitle: (value: string, titleType: number): Problem => {
    if (isEnterprise(titleType) && !value.trim()) return M.invoiceTitleRequired;
    return value.length > INVOICE_TITLE_MAX_LENGTH ? M.invoiceTitleTooLong : undefined;
  },
  /** Required for an enterprise title only; any given is checked (upper-cased). */
  taxNumber: (value: string, titleType: number): Problem => {
    const text = value.trim();
    if (!text) return isEnterprise(titleType) ? M.taxNumberRequired : undefined;
    return isTaxNumber(text.toUpperCase()) ? undefined : M.taxNumberInvalid;
  },
  phone: requiredText(M.phoneRequired, isInvoicePhone, M.phoneInvalid),
  email: requiredText(M.emailRequired, isInvoiceEmail, M.emailInvalid),
  remark: (value: string): Problem => (value.length > INVOICE_REMARK_MAX_LENGTH ? M.remarkTooLong : undefined),
};

export const PHONE_MAX_LENGTH = INVOICE_PHONE_MAX_LENGTH;
