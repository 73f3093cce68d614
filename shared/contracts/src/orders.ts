import './zod-setup';
import { z } from 'zod';
import { defineEndpoint, noPayload } from './endpoint';
import * as orderRoutes from './routes/orders';
import type { LearnerOrderAction, PayFailure, PayStatus, ReceiptStatus, RefundStatus } from './order-states';
import {
  INVOICE_EMAIL_MAX_LENGTH,
  INVOICE_KIND,
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
  type InvoiceKind,
  type InvoiceTitleType,
} from './order-rules';

/**
 * Orders, refunds and invoices (spec 02 §3–§5, §7; spec 01 §7): `myOrders`, `cancelOrder`,
 * `requestRefund` and `submitInvoiceInforApi`. Which order may do what is the state
 * machine's business (order-states.ts); these schemas only shape the input, with the
 * forms' own Chinese texts, which the server sends back as the refusal message.
 */

/** An order number as the client sends it: digits, as a string or (the original client) a number. */
const orderNoSchema = z
  .union([z.string(), z.number().int().nonnegative().transform(String)], { error: M.orderNoRequired })
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, { error: M.orderNoRequired })
  .refine(isOrderNo, { error: M.orderNoDigits });

/** One row of the order table (spec 02 §3 "Order"). */
export const orderRowSchema = z.object({
  /** The order number (digits), as shown and as sent back to cancel, refund or invoice. */
  order_id: z.string(),
  order_name: z.string(),
  year: z.number().int(),
  /** Yuan, to the fen (180 = 180.00 元), as the spec's clients expect. */
  price: z.number(),
  /** 3 QR (wechat-type), 2 redirect (alipay-type). */
  pay_type: z.number().int(),
  pay_status: z.custom<PayStatus>((value) => typeof value === 'number'),
  refund_status: z.custom<RefundStatus>((value) => typeof value === 'number'),
  is_receipt: z.custom<ReceiptStatus>((value) => typeof value === 'number'),
  /** Why a failed order (pay_status 3) failed: 'declined' or 'expired'; null otherwise. */
  pay_failure: z.custom<PayFailure | null>((value) => value === null || value === 'declined' || value === 'expired'),
  /** 1 professional, 2 public. */
  education_type: z.number().int(),
  /** Beijing time, 'YYYY-MM-DD HH:mm:ss'. */
  create_time: z.string(),
  /** With refund_status 4: why the refund was rejected or failed (issue 18). */
  refund_note: z.string().optional(),
  /**
   * What the learner may do with the order now, as the server decides it (`orderActionsOf`):
   * the state machine's actions less a refund the payment notes forbid (a month after
   * payment, or learning begun), which only the server knows. The table shows exactly these.
   */
  actions: z.array(z.custom<LearnerOrderAction>((value) => typeof value === 'string')),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const myOrdersResponseSchema = z.array(orderRowSchema);

export const cancelOrderRequestSchema = z.strictObject({ order_id: orderNoSchema });
export type CancelOrderRequest = z.input<typeof cancelOrderRequestSchema>;

export const refundRequestSchema = z.strictObject({
  order_id: orderNoSchema,
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, { error: M.reasonRequired })
    .max(REFUND_REASON_MAX_LENGTH, { error: M.reasonTooLong }),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

/** A choice sent as a number or a digit string (radio and select values). */
function choice<V extends number>(values: readonly V[], message: string) {
  return z
    .union([z.number(), z.string().regex(/^\d$/).transform(Number)], { error: message })
    .refine((value) => (values as readonly number[]).includes(value), { error: message })
    .transform((value) => value as V);
}

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, { error: tooLong }).optional();

/**
 * The invoice form (spec 02 §3, §5). `type` is the title type (1 personal, 2 enterprise);
 * `invoice_type` is the invoice type, of which there is one (增值税电子普通发票), sent by
 * this site's form and assumed when absent (the original client did not send it).
 * For a personal title the title may be left empty (the server then uses the learner's
 * name, which is what a personal invoice carries) and a tax number is not kept.
 */
export const invoiceRequestSchema = z
  .strictObject({
    order_id: orderNoSchema,
    invoice_type: choice<InvoiceKind>(Object.values(INVOICE_KIND), M.invoiceKindRequired).optional(),
    type: choice<InvoiceTitleType>(Object.values(INVOICE_TITLE_TYPE), M.titleTypeRequired),
    invoice_title: optionalText(INVOICE_TITLE_MAX_LENGTH, M.invoiceTitleTooLong),
    tax_number: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .optional(),
    phone: z
      .string({ error: M.phoneRequired })
      .trim()
      .min(1, { error: M.phoneRequired })
      .max(INVOICE_PHONE_MAX_LENGTH, { error: M.phoneInvalid })
      .refine(isInvoicePhone, { error: M.phoneInvalid }),
    email: z
      .string({ error: M.emailRequired })
      .trim()
      .min(1, { error: M.emailRequired })
      .max(INVOICE_EMAIL_MAX_LENGTH, { error: M.emailInvalid })
      .refine(isInvoiceEmail, { error: M.emailInvalid }),
    remark: optionalText(INVOICE_REMARK_MAX_LENGTH, M.remarkTooLong),
    /** Left empty by the client (spec 02 §3); kept as sent. */
    invoice_detail: optionalText(INVOICE_REMARK_MAX_LENGTH, M.remarkTooLong),
  })
  .superRefine((form, context) => {
    if (form.type !== INVOICE_TITLE_TYPE.enterprise) return;
    if (!form.invoice_title)
      context.addIssue({ code: 'custom', path: ['invoice_title'], message: M.invoiceTitleRequired });
    else if (!form.tax_number) context.addIssue({ code: 'custom', path: ['tax_number'], message: M.taxNumberRequired });
    else if (!isTaxNumber(form.tax_number))
      context.addIssue({ code: 'custom', path: ['tax_number'], message: M.taxNumberInvalid });
  });
export type InvoiceRequest = z.input<typeof invoiceRequestSchema>;

export const orderEndpoints = {
  myOrders: defineEndpoint({
    ...orderRoutes.myOrders,
    request: noPayload,
    response: myOrdersResponseSchema,
  }),
  cancelOrder: defineEndpoint({
    ...orderRoutes.cancelOrder,
    request: cancelOrderRequestSchema,
    response: z.null(),
  }),
  requestRefund: defineEndpoint({
    ...orderRoutes.requestRefund,
    request: refundRequestSchema,
    response: z.null(),
  }),
  submitInvoiceInforApi: defineEndpoint({
    ...orderRoutes.submitInvoiceInforApi,
    request: invoiceRequestSchema,
    response: z.null(),
  }),
  /** The issued invoice of one of the learner's orders, as a PDF in base64 (issue 18). */
  invoicePdf: defineEndpoint({
    ...orderRoutes.invoicePdf,
    request: cancelOrderRequestSchema,
    response: z.object({ file_name: z.string(), pdf_base64: z.string() }),
  }),
};
