import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { gatewayActor, writeAudit, type AuditActor } from '../audit/audit-log';
import { findOrderByNo, transitionOrder } from '../orders/order-transitions';
import { orders } from '../orders/orders-schema';
import type { PaymentProvider } from '../payment/payment-provider';
import { refundRequests } from '../refunds/refunds-schema';
import { sendRefund } from '../refunds/refund-processing';
import { REFUND_STATUS } from '@yaoshi/contracts/order-states';
import { invoiceRequests } from './invoices-schema';
import { InvoiceProviderUnavailable, type InvoiceResult } from './invoice-provider';
import { redSerialNoOf } from './invoice-processing';
import type { InvoiceIssuing } from './invoice-issuing';

/**
 * A staff refund of an order whose invoice is issued (issue 37). Spec 02 §4 keeps the learner
 * from asking; staff may (a court order, a duplicate payment). The invoice is red-lettered
 * (红冲) through the provider first, under its own serial number; only once the red invoice is
 * issued is the payment refunded (the order moves by `staff_refund`). Each step is audited in
 * its transaction: the decision (`invoice.red-letter`, with the reason), the red invoice
 * (`invoice.red-lettered`), the refund's approval and outcome. A red-letter the provider
 * refused, or could not take, can be asked again with the same serial number.
 */

export interface RedLetterOutcome {
  red_status: 'red_lettering' | 'red_lettered';
  red_invoice_no: string | null;
  red_error: string | null;
  refund_status: string;
}

async function requestOf(db: Database, orderId: number) {
  const [row] = await db
    .select()
    .from(invoiceRequests)
    .where(and(eq(invoiceRequests.orderId, orderId), eq(invoiceRequests.status, 'issued')))
    .limit(1);
  return row ?? null;
}

/** Claims the red-letter in a conditional update (not yet begun, or failed): of concurrent calls one proceeds. */
async function claimRedLetter(db: Database, clock: Clock, actor: AuditActor, orderNo: string, reason: string) {
  return db.transaction(async (tx) => {
    const order = await findOrderByNo(tx, orderNo);
    if (order === null) throw notFound(MESSAGES.orderNotFound);
    const refundable = order.refundStatus === REFUND_STATUS.none || order.refundStatus === REFUND_STATUS.failed;
    const request = await requestOf(tx, order.id);
    if (!request || !refundable) throw conflict(MESSAGES.invoiceRedLetterRefused);
    if (request.redStatus === 'red_lettered') return { order, request };
    // Checked before anything is written: an invoice no provider issued has nothing to red-letter there.
    if (!request.serialNo || !request.invoiceNo || !request.issuedAt) throw conflict(MESSAGES.invoiceNotAtProvider);
    const [claimed] = await tx
      .update(invoiceRequests)
      .set({
        redStatus: 'red_lettering',
        redSerialNo: redSerialNoOf(request.id),
        redError: null,
        updatedAt: clock.now(),
      })
      .where(
        and(
          eq(invoiceRequests.id, request.id),
          or(isNull(invoiceRequests.redStatus), isNotNull(invoiceRequests.redError)),
        ),
      )
      .returning();
    if (!claimed) throw conflict(MESSAGES.invoiceNotRetryable);
    await writeAudit(tx, clock, actor, {
      action: 'invoice.red-letter',
      target: orderNo,
      before: { status: 'issued', invoice_no: request.invoiceNo },
      after: { red_status: 'red_lettering', red_serial_no: claimed.redSerialNo, reason },
    });
    return { order, request: claimed };
  });
}

async function recordRed(
  deps: InvoiceIssuing,
  requestId: number,
  orderNo: string,
  change: { redStatus?: 'red_lettered'; redInvoiceNo?: string; redError: string | null },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(invoiceRequests)
      .set({ ...change, updatedAt: deps.clock.now() })
      .where(and(eq(invoiceRequests.id, requestId), eq(invoiceRequests.redStatus, 'red_lettering')));
    await writeAudit(tx, deps.clock, gatewayActor(deps.provider.name), {
      action: change.redStatus ? 'invoice.red-lettered' : 'invoice.provider-failed',
      target: orderNo,
      after: {
        red_status: change.redStatus ?? 'red_lettering',
        red_invoice_no: change.redInvoiceNo,
        error: change.redError,
      },
    });
  });
}

/** Staff refund after an issued invoice: red-letter first, then refund through the payment provider. */
export async function refundIssuedInvoiceOrder(
  deps: InvoiceIssuing,
  payments: PaymentProvider,
  actor: AuditActor,
  orderNo: string,
  reason: string,
): Promise<RedLetterOutcome> {
  const { order, request } = await claimRedLetter(deps.db, deps.clock, actor, orderNo, reason);
  if (request.redStatus !== 'red_lettered') {
    if (!request.serialNo || !request.invoiceNo || !request.issuedAt) throw conflict(MESSAGES.invoiceNotAtProvider);
    let result: InvoiceResult;
    try {
      result = await deps.provider.redLetter({
        serialNo: request.redSerialNo ?? redSerialNoOf(request.id),
        original: {
          providerSerial: request.providerSerial ?? '',
          invoiceNo: request.invoiceNo,
          invoiceCode: request.invoiceCode ?? '',
          issuedAt: request.issuedAt,
          amountFen: request.amountFen,
          taxFen: request.taxFen ?? 0,
          pdfUrl: request.pdfUrl,
          ofdUrl: request.ofdUrl,
        },
        submission: {
          serialNo: request.serialNo,
          buyerName: request.invoiceTitle,
          buyerTaxNumber: request.taxNumber,
          buyerPhone: request.phone,
          email: request.email,
          amountFen: request.amountFen,
          line: deps.line,
          remark: `对应正数发票代码:${request.invoiceCode ?? ''} 号码:${request.invoiceNo}`,
          requestedAt: deps.clock.now(),
        },
      });
    } catch (error) {
      if (!(error instanceof InvoiceProviderUnavailable)) throw error;
      result = { kind: 'failed', reason: error.message, providerSerial: null };
    }
    if (result.kind === 'failed') {
      const redError = `开票平台：${result.reason}`;
      await recordRed(deps, request.id, orderNo, { redError });
      return { red_status: 'red_lettering', red_invoice_no: null, red_error: redError, refund_status: '未退款' };
    }
    if (result.kind === 'pending') {
      // 开票中: staff ask again (same serial number) to learn the red invoice and go on to the refund.
      const redError = '红字发票开具中，请稍后再次点击“退款”查询结果';
      await recordRed(deps, request.id, orderNo, { redError });
      return { red_status: 'red_lettering', red_invoice_no: null, red_error: redError, refund_status: '未退款' };
    }
    await recordRed(deps, request.id, orderNo, {
      redStatus: 'red_lettered',
      redInvoiceNo: result.invoice.invoiceNo,
      redError: null,
    });
  }
  const refund = await startStaffRefund(deps.db, deps.clock, actor, order.id, reason);
  const outcome = await sendRefund(deps.db, deps.clock, payments, orderNo, refund, null);
  const [after] = await deps.db
    .select({ redInvoiceNo: invoiceRequests.redInvoiceNo })
    .from(invoiceRequests)
    .where(eq(invoiceRequests.id, request.id));
  return {
    red_status: 'red_lettered',
    red_invoice_no: after?.redInvoiceNo ?? null,
    red_error: null,
    refund_status:
      outcome.kind === 'refunded'
        ? '已退款'
        : outcome.kind === 'refund-failed'
          ? `退款失败：${outcome.reason}`
          : '退款中',
  };
}

/** The refund request of a staff refund, approved at once: the order moves by `staff_refund`. */
async function startStaffRefund(db: Database, clock: Clock, actor: AuditActor, orderId: number, reason: string) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order || (await transitionOrder(tx, order, 'staff_refund', now)) === null)
      throw conflict(MESSAGES.invoiceRedLetterRefused);
    const [refund] = await tx
      .insert(refundRequests)
      .values({
        orderId,
        learnerId: order.learnerId,
        reason,
        amountFen: order.priceFen,
        status: 'refunding',
        decidedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await writeAudit(tx, clock, actor, {
      action: 'refund.approve',
      target: order.orderNo,
      before: { refund_status: order.refundStatus },
      after: { request: 'refunding', staff_refund: true, reason, invoice: '已红冲' },
    });
    return refund!;
  });
}
