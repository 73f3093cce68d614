import './zod-setup';
import { z } from 'zod';
import { adminPageFields as pageFields, adminTimeText as timeText } from './admin-lists';
import { defineEndpoint } from './endpoint';
import * as financeAdminRoutes from './routes/finance-admin';

/**
 * 财务 in the console (issues 18–19, permissions `finance.read` / `finance.write`): order
 * search and an order's history, the daily and yearly summary, the refund and invoice
 * queues, and 对账 (a day's gateway bills against our records). Conventions of all console
 * calls: admin-lists.ts.
 */

export const REFUND_QUEUE_STATUSES = ['reviewing', 'refunding', 'refunded', 'failed', 'rejected'] as const;
/** A refund request's state as finance reads it, in the queue and in the order drawer. */
export const REFUND_REQUEST_STATUS_TEXT: Readonly<Record<(typeof REFUND_QUEUE_STATUSES)[number], string>> = {
  reviewing: '待审核',
  refunding: '退款中',
  refunded: '已退款',
  failed: '退款失败',
  rejected: '已驳回',
};
/** An automatic refund of a payment that arrived after its order was closed (payment_refunds). */
export const LATE_REFUND_STATUS_TEXT: Readonly<Record<'sending' | 'accepted' | 'refunded' | 'failed', string>> = {
  sending: '退款中',
  accepted: '退款中（渠道已受理）',
  refunded: '已退款',
  failed: '退款失败',
};

export const refundQueueRowSchema = z.object({
  order_no: z.string(),
  order_name: z.string(),
  year: z.number().int(),
  learner_name: z.string(),
  id_number: z.string(),
  /** Yuan. */
  amount: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_QUEUE_STATUSES),
  failure_reason: z.string().nullable(),
  requested_at: timeText,
  decided_at: timeText.nullable(),
});
export type RefundQueueRow = z.infer<typeof refundQueueRowSchema>;

export const REFUND_REJECT_REASON_MAX_LENGTH = 100;
export const INVOICE_REJECT_REASON_MAX_LENGTH = 100;

const orderNoField = z
  .string()
  .trim()
  .regex(/^\d{1,32}$/, { error: '订单号不正确' });

export const INVOICE_QUEUE_STATUSES = ['reviewing', 'issuing', 'issued', 'failed'] as const;
export const INVOICE_REQUEST_STATUS_TEXT: Readonly<Record<(typeof INVOICE_QUEUE_STATUSES)[number], string>> = {
  reviewing: '待审核',
  issuing: '开具中',
  issued: '已开具',
  failed: '开票失败',
};

export const invoiceQueueRowSchema = z.object({
  order_no: z.string(),
  order_name: z.string(),
  year: z.number().int(),
  learner_name: z.string(),
  id_number: z.string(),
  amount: z.number(),
  title_type: z.number().int(),
  invoice_title: z.string(),
  tax_number: z.string().nullable(),
  email: z.string(),
  status: z.enum(INVOICE_QUEUE_STATUSES),
  invoice_no: z.string().nullable(),
  issued_at: timeText.nullable(),
  failure_reason: z.string().nullable(),
  requested_at: timeText,
  /** Issue 37: 发票代码 of an issued invoice ('' when it has none). */
  invoice_code: z.string().nullable().optional(),
  /** The e-invoice provider's words when it refused or could not be reached (issuing only). */
  provider_error: z.string().nullable().optional(),
  /** Whether 财务 may send it to the provider again (重新提交). */
  retryable: z.boolean().optional(),
  /** 红冲 after a staff refund: 红冲中 / 已红冲, with the red invoice's number; the provider's words when it failed. */
  red_status: z.enum(['red_lettering', 'red_lettered']).nullable().optional(),
  red_invoice_no: z.string().nullable().optional(),
  red_error: z.string().nullable().optional(),
  /** The latest mail of an issued invoice came back (已退信): 财务 asks the learner for another address. */
  mail_bounced: z.boolean().optional(),
});
/** Issue 37: 财务's view of an invoice after approving or retrying it. */
export const invoiceIssuingSchema = z.object({
  status: z.enum(['issuing', 'issued']),
  invoice_no: z.string().nullable(),
  issued_at: timeText.nullable(),
  provider_error: z.string().nullable(),
});
export const RED_STATUS_TEXT = { red_lettering: '红冲中', red_lettered: '已红冲' } as const;
export type InvoiceQueueRow = z.infer<typeof invoiceQueueRowSchema>;

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为 YYYY-MM-DD' });

export const orderSearchRowSchema = z.object({
  order_no: z.string(),
  learner_name: z.string(),
  id_number: z.string(),
  year: z.number().int(),
  name: z.string(),
  amount: z.number(),
  pay_status: z.number().int(),
  refund_status: z.number().int(),
  is_receipt: z.number().int(),
  created_at: timeText,
  paid_at: timeText.nullable(),
});
export type OrderSearchRow = z.infer<typeof orderSearchRowSchema>;

/** A payment attempt's state and a notification's handling, as finance reads them in the order drawer. */
export const PAYMENT_ATTEMPT_STATUS_TEXT: Readonly<Record<string, string>> = {
  open: '待支付',
  paid: '已支付',
  failed: '失败',
  closed: '已关闭',
  refunded: '已原路退回',
};
export const NOTIFICATION_RESULT_TEXT: Readonly<Record<string, string>> = {
  applied: '已入账',
  duplicate: '重复通知（已忽略）',
  refunded_late: '订单已关闭，款项自动退回',
  failed_recorded: '支付失败已记录',
  unknown_order: '未知订单（已拒收）',
  amount_mismatch: '金额不符（已拒收）',
  refund_confirmed: '退款已确认',
  refund_failed: '退款失败',
  bad_signature: '签名无效（已拒收）',
};
export const NOTIFICATION_OUTCOME_TEXT: Readonly<Record<string, string>> = {
  paid: '支付成功',
  failed: '支付失败',
  refunded: '已退款',
};

export const adminOrderDetailSchema = z.object({
  order: orderSearchRowSchema,
  attempts: z.array(
    z.object({
      merchant_no: z.string(),
      provider: z.string(),
      pay_type: z.number().int(),
      amount: z.number(),
      status: z.string(),
      provider_trade_no: z.string().nullable(),
      created_at: timeText,
      finished_at: timeText.nullable(),
    }),
  ),
  notifications: z.array(
    z.object({
      merchant_no: z.string().nullable(),
      outcome: z.string().nullable(),
      amount: z.number().nullable(),
      result: z.string(),
      received_at: timeText,
    }),
  ),
  /** The order's refunds: the learner's requests with their outcome, and automatic refunds of late payments. */
  refunds: z.array(
    z.object({
      kind: z.enum(['request', 'late']),
      /** REFUND_REQUEST_STATUS_TEXT, or LATE_REFUND_STATUS_TEXT for an automatic refund. */
      status_text: z.string(),
      amount: z.number(),
      reason: z.string(),
      failure_reason: z.string().nullable(),
      merchant_refund_no: z.string().nullable(),
      provider_refund_no: z.string().nullable(),
      requested_at: timeText,
      decided_at: timeText.nullable(),
      completed_at: timeText.nullable(),
    }),
  ),
  invoices: z.array(
    z.object({
      /** INVOICE_REQUEST_STATUS_TEXT. */
      status_text: z.string(),
      title: z.string(),
      tax_number: z.string().nullable(),
      amount: z.number(),
      invoice_no: z.string().nullable(),
      failure_reason: z.string().nullable(),
      requested_at: timeText,
      issued_at: timeText.nullable(),
      /** Whether the issued PDF can be downloaded (`invoicePdf`). */
      has_pdf: z.boolean(),
    }),
  ),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const financeSummarySchema = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      paid_orders: z.number().int(),
      paid_amount: z.number(),
      refunds: z.number().int(),
      refund_amount: z.number(),
    }),
  ),
  years: z.array(
    z.object({
      year: z.number().int(),
      paid_orders: z.number().int(),
      paid_amount: z.number(),
      refunds: z.number().int(),
      refund_amount: z.number(),
    }),
  ),
  file_name: z.string(),
  /** The same as an .xlsx workbook (sheets 按日 and 按年度), base64. */
  xlsx_base64: z.string(),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

/** 对账 (issue 19): a day's gateway bills against our records, and the money given back on our own. */
export const billDifferenceRowSchema = z.object({
  provider: z.string(),
  kind: z.enum(['money_without_order', 'paid_without_money', 'amount_differs']),
  /** 有款无单 / 有单无款 / 金额不符. */
  kind_text: z.string(),
  merchant_no: z.string(),
  order_no: z.string().nullable(),
  provider_trade_no: z.string().nullable(),
  /** Yuan. */
  bill_amount: z.number().nullable(),
  our_amount: z.number().nullable(),
});
export type BillDifferenceRow = z.infer<typeof billDifferenceRowSchema>;

export const lateRefundRowSchema = z.object({
  order_no: z.string(),
  merchant_no: z.string(),
  merchant_refund_no: z.string(),
  provider: z.string(),
  amount: z.number(),
  state: z.enum(['sending', 'accepted', 'refunded', 'failed']),
  state_text: z.string(),
  provider_refund_no: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: timeText,
});
export type LateRefundRow = z.infer<typeof lateRefundRowSchema>;

export const reconciliationReportSchema = z.object({
  day: z.string(),
  runs: z.array(
    z.object({
      provider: z.string(),
      bill_payments: z.number().int(),
      bill_refunds: z.number().int(),
      differences: z.number().int(),
      ran_at: timeText,
    }),
  ),
  differences: z.array(billDifferenceRowSchema),
  late_refunds: z.array(lateRefundRowSchema),
  file_name: z.string(),
  xlsx_base64: z.string(),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const financeAdminEndpoints = {
  orderSearch: defineEndpoint({
    ...financeAdminRoutes.orderSearch,
    request: z.strictObject({
      ...pageFields,
      /** Learner: name, ID number or phone, in part. */
      learner: z.string().trim().max(50).optional(),
      year: z.number().int().min(2000).max(2100).optional(),
      pay_status: z.number().int().min(1).max(5).optional(),
      from: dayText.optional(),
      to: dayText.optional(),
      /** An order number or a payment attempt's merchant number, exactly. */
      merchant_no: z.string().trim().max(64).optional(),
    }),
    response: z.object({ total: z.number().int(), list: z.array(orderSearchRowSchema) }),
  }),
  orderDetail: defineEndpoint({
    ...financeAdminRoutes.orderDetail,
    request: z.strictObject({ order_no: orderNoField }),
    response: adminOrderDetailSchema,
  }),
  financeSummary: defineEndpoint({
    ...financeAdminRoutes.financeSummary,
    request: z.strictObject({ from: dayText, to: dayText }),
    response: financeSummarySchema,
  }),
  reconciliationReport: defineEndpoint({
    ...financeAdminRoutes.reconciliationReport,
    request: z.strictObject({ day: dayText }),
    response: reconciliationReportSchema,
  }),
  reconciliationRun: defineEndpoint({
    ...financeAdminRoutes.reconciliationRun,
    request: z.strictObject({ day: dayText }),
    response: reconciliationReportSchema,
  }),
  invoiceQueue: defineEndpoint({
    ...financeAdminRoutes.invoiceQueue,
    request: z.strictObject({ ...pageFields, status: z.enum(INVOICE_QUEUE_STATUSES).optional() }),
    response: z.object({ total: z.number().int(), list: z.array(invoiceQueueRowSchema) }),
  }),
  invoiceIssue: defineEndpoint({
    ...financeAdminRoutes.invoiceIssue,
    request: z.strictObject({ order_no: orderNoField }),
    response: invoiceIssuingSchema,
  }),
  /** Issue 37: send a failed (or long unanswered) invoice to the provider again, same serial number. */
  invoiceRetry: defineEndpoint({
    ...financeAdminRoutes.invoiceRetry,
    request: z.strictObject({ order_no: orderNoField }),
    response: invoiceIssuingSchema,
  }),
  /**
   * Issue 37: staff refund an order whose invoice is issued (a court order, a duplicate
   * payment): the invoice is red-lettered through the provider first, then the payment refunded.
   */
  invoiceRefund: defineEndpoint({
    ...financeAdminRoutes.invoiceRefund,
    request: z.strictObject({
      order_no: orderNoField,
      reason: z
        .string({ error: '请填写退款原因' })
        .trim()
        .min(1, { error: '请填写退款原因' })
        .max(INVOICE_REJECT_REASON_MAX_LENGTH, { error: `退款原因不能超过${INVOICE_REJECT_REASON_MAX_LENGTH}个字` }),
    }),
    response: z.object({
      red_status: z.enum(['red_lettering', 'red_lettered']),
      red_invoice_no: z.string().nullable(),
      red_error: z.string().nullable(),
      refund_status: z.string(),
    }),
  }),
  invoiceReject: defineEndpoint({
    ...financeAdminRoutes.invoiceReject,
    request: z.strictObject({
      order_no: orderNoField,
      reason: z
        .string({ error: '请填写驳回原因' })
        .trim()
        .min(1, { error: '请填写驳回原因' })
        .max(INVOICE_REJECT_REASON_MAX_LENGTH, { error: `驳回原因不能超过${INVOICE_REJECT_REASON_MAX_LENGTH}个字` }),
    }),
    response: z.null(),
  }),
  refundQueue: defineEndpoint({
    ...financeAdminRoutes.refundQueue,
    request: z.strictObject({ ...pageFields, status: z.enum(REFUND_QUEUE_STATUSES).optional() }),
    response: z.object({ total: z.number().int(), list: z.array(refundQueueRowSchema) }),
  }),
  refundApprove: defineEndpoint({
    ...financeAdminRoutes.refundApprove,
    request: z.strictObject({ order_no: orderNoField }),
    response: z.object({ outcome: z.enum(['refunded', 'refund-failed', 'provider-unreachable']), message: z.string() }),
  }),
  /**
   * A refund left 退款中 (the gateway's answer never came): asks the gateway again with the same
   * refund number — it refunds once — and records the answer.
   */
  refundRequery: defineEndpoint({
    ...financeAdminRoutes.refundRequery,
    request: z.strictObject({ order_no: orderNoField }),
    response: z.object({ outcome: z.enum(['refunded', 'refund-failed', 'provider-unreachable']), message: z.string() }),
  }),
  /** The issued invoice of any order, as the learner downloads it. */
  invoicePdf: defineEndpoint({
    ...financeAdminRoutes.invoicePdf,
    request: z.strictObject({ order_no: orderNoField }),
    response: z.object({ file_name: z.string(), pdf_base64: z.string() }),
  }),
  refundReject: defineEndpoint({
    ...financeAdminRoutes.refundReject,
    request: z.strictObject({
      order_no: orderNoField,
      reason: z
        .string({ error: '请填写驳回原因' })
        .trim()
        .min(1, { error: '请填写驳回原因' })
        .max(REFUND_REJECT_REASON_MAX_LENGTH, { error: `驳回原因不能超过${REFUND_REJECT_REASON_MAX_LENGTH}个字` }),
    }),
    response: z.null(),
  }),
};
