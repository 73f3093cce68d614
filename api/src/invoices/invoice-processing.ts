import { and, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import { RECEIPT_STATUS, type OrderState } from '@yaoshi/contracts/order-states';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { invoiceRequests } from './invoices-schema';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { findOrderByNo, orderStateOf, transitionOrder, type OrderRow } from '../orders/order-transitions';
import { orders } from '../orders/orders-schema';
import { writeAudit, type AuditActor } from '../audit/audit-log';
import type { IssuedInvoice } from './invoice-provider';
import { queueInvoiceMail } from '../mail/mail-queue';

/**
 * Association staff's side of an invoice, from the console's 财务 queue (finance/invoice-queue.ts)
 * and from `npm run admin -- invoice issue|fail <order>`:
 *
 *   under review ─accept→ issuing ─provider issues→ issued (recordIssuedInvoice)
 *        └─────────┴─fail (reject)→ failed (the learner may ask again)
 *
 * Since issue 37 an invoice is issued by the e-invoice provider (invoice-issuing.ts drives it);
 * nothing here calls it. Each change names who acts and writes one audit record in the
 * transaction of its change.
 */

/** FP + issue day (Beijing) + the request's id, 6 digits: the number of invoices issued before issue 37. */
export function invoiceNoOf(requestId: number, issuedAt: Date): string {
  return `FP${formatBeijingTime(issuedAt).slice(0, 10).replace(/-/g, '')}${String(requestId).padStart(6, '0')}`;
}

/** The request's serial number: the provider's order number, the idempotency key of every submission. */
export function serialNoOf(requestId: number): string {
  return `YSFP${String(requestId).padStart(12, '0')}`;
}

/** The serial number of the request's red-letter invoice. */
export function redSerialNoOf(requestId: number): string {
  return `YSHC${String(requestId).padStart(12, '0')}`;
}

/** A submission with no answer for this long may be sent again by 财务 (the provider dedups by serial number). */
export const INVOICE_STALE_MINUTES = 10;

export type InvoiceOutcome =
  | { kind: 'no-such-order' }
  | { kind: 'wrong-state'; state: OrderState }
  | { kind: 'issuing'; requestId: number }
  | { kind: 'failed' };

/**
 * 财务 approves: under review → issuing, with the request's serial number and its provider.
 * The order's move matches only the state it read, so of any number of concurrent approvals
 * exactly one commits; the others answer `wrong-state`.
 */
export async function acceptInvoice(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  orderNo: string,
  provider: string,
): Promise<InvoiceOutcome> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const order = await findOrderByNo(tx, orderNo);
    if (order === null) return { kind: 'no-such-order' } as const;
    const [request] = await tx
      .select({ id: invoiceRequests.id })
      .from(invoiceRequests)
      .where(and(eq(invoiceRequests.orderId, order.id), eq(invoiceRequests.status, 'reviewing')))
      .limit(1);
    if (
      !request ||
      order.receiptStatus !== RECEIPT_STATUS.reviewing ||
      (await transitionOrder(tx, order, 'invoice_issuing', now)) === null
    )
      return { kind: 'wrong-state', state: orderStateOf(order) } as const;
    const serialNo = serialNoOf(request.id);
    await tx
      .update(invoiceRequests)
      .set({ status: 'issuing', serialNo, provider, providerError: null, updatedAt: now })
      .where(eq(invoiceRequests.id, request.id));
    await writeAudit(tx, clock, actor, {
      action: 'invoice.issue',
      target: orderNo,
      before: { status: 'reviewing' },
      after: { status: 'issuing', serial_no: serialNo, provider },
    });
    return { kind: 'issuing', requestId: request.id } as const;
  });
}

/**
 * 财务 asks again after a failure (or a submission left unanswered for INVOICE_STALE_MINUTES):
 * clears the error in a conditional update, so of concurrent retries one proceeds. Answers
 * the request's id, or null when there is nothing to retry.
 */
export async function claimInvoiceRetry(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  orderNo: string,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const order = await findOrderByNo(tx, orderNo);
    if (order === null) return null;
    const stale = new Date(now.getTime() - INVOICE_STALE_MINUTES * 60_000);
    const [claimed] = await tx
      .update(invoiceRequests)
      .set({ providerError: null, updatedAt: now })
      .where(
        and(
          eq(invoiceRequests.orderId, order.id),
          eq(invoiceRequests.status, 'issuing'),
          or(isNotNull(invoiceRequests.providerError), lt(invoiceRequests.updatedAt, stale)),
        ),
      )
      .returning({ id: invoiceRequests.id, serialNo: invoiceRequests.serialNo });
    if (!claimed) return null;
    // A request accepted before issue 37 (or demo data) gets its serial number now.
    const serialNo = claimed.serialNo ?? serialNoOf(claimed.id);
    if (claimed.serialNo === null)
      await tx.update(invoiceRequests).set({ serialNo }).where(eq(invoiceRequests.id, claimed.id));
    await writeAudit(tx, clock, actor, {
      action: 'invoice.retry',
      target: orderNo,
      after: { serial_no: serialNo },
    });
    return claimed.id;
  });
}

/**
 * THE place where an invoice becomes finally issued: issuing → issued with what the provider
 * reported (number, code, date, amount, tax, links) and the key of our copy of its PDF, the
 * order's receipt status with it, audited, in `tx`. Only a request still issuing moves, so a
 * late duplicate answer records nothing twice; answers whether this call recorded it.
 * The mail of the issued invoice is queued here, in the same transaction.
 */
export async function recordIssuedInvoice(
  tx: Database,
  clock: Clock,
  actor: AuditActor,
  requestId: number,
  invoice: IssuedInvoice,
  pdfKey: string,
): Promise<boolean> {
  const now = clock.now();
  const [moved] = await tx
    .update(invoiceRequests)
    .set({
      status: 'issued',
      issuedAt: invoice.issuedAt,
      invoiceNo: invoice.invoiceNo,
      invoiceCode: invoice.invoiceCode,
      taxFen: invoice.taxFen,
      providerSerial: invoice.providerSerial,
      pdfUrl: invoice.pdfUrl,
      ofdUrl: invoice.ofdUrl,
      pdfKey,
      providerError: null,
      updatedAt: now,
    })
    .where(and(eq(invoiceRequests.id, requestId), eq(invoiceRequests.status, 'issuing')))
    .returning({ orderId: invoiceRequests.orderId });
  if (!moved) return false;
  const order = await orderById(tx, moved.orderId);
  if ((await transitionOrder(tx, order, 'invoice_issued', now)) === null)
    throw new Error(`order ${order.orderNo} is not issuing its invoice`);
  await writeAudit(tx, clock, actor, {
    action: 'invoice.issued',
    target: order.orderNo,
    before: { status: 'issuing' },
    after: {
      status: 'issued',
      invoice_no: invoice.invoiceNo,
      invoice_code: invoice.invoiceCode,
      issued_at: formatBeijingTime(invoice.issuedAt),
      amount_fen: invoice.amountFen,
      tax_fen: invoice.taxFen,
      provider_serial: invoice.providerSerial,
    },
  });
  // The issued invoice is mailed to the email on the request, by the mail-send job.
  await queueInvoiceMail(tx, clock, actor, requestId);
  return true;
}

async function orderById(tx: Database, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new Error(`order ${orderId} vanished while issuing`);
  return order;
}

/** What the provider answered short of issuing: accepted (its serial number) or refused / unreachable (its words). */
export async function recordProviderAnswer(
  tx: Database,
  clock: Clock,
  actor: AuditActor,
  requestId: number,
  answer: { providerSerial: string | null; error: string | null },
): Promise<void> {
  const now = clock.now();
  const [row] = await tx
    .update(invoiceRequests)
    .set({
      ...(answer.providerSerial ? { providerSerial: answer.providerSerial } : {}),
      providerError: answer.error,
      updatedAt: now,
    })
    .where(and(eq(invoiceRequests.id, requestId), eq(invoiceRequests.status, 'issuing')))
    .returning({ orderId: invoiceRequests.orderId, serialNo: invoiceRequests.serialNo });
  if (!row) return;
  const order = await orderById(tx, row.orderId);
  await writeAudit(tx, clock, actor, {
    action: answer.error === null ? 'invoice.submitted' : 'invoice.provider-failed',
    target: order.orderNo,
    after: { serial_no: row.serialNo, provider_serial: answer.providerSerial, error: answer.error },
  });
}

export async function failInvoice(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  orderNo: string,
  reason: string,
): Promise<InvoiceOutcome> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const order = await findOrderByNo(tx, orderNo);
    if (order === null) return { kind: 'no-such-order' } as const;
    const [request] = await tx
      .select({
        id: invoiceRequests.id,
        status: invoiceRequests.status,
        providerSerial: invoiceRequests.providerSerial,
      })
      .from(invoiceRequests)
      .where(and(eq(invoiceRequests.orderId, order.id), inArray(invoiceRequests.status, ['reviewing', 'issuing'])))
      .limit(1);
    // A request the provider has accepted may still be issued there: it is not rejected here.
    if (
      !request ||
      request.providerSerial !== null ||
      (await transitionOrder(tx, order, 'invoice_failed', now)) === null
    ) {
      return { kind: 'wrong-state', state: orderStateOf(order) } as const;
    }
    await tx
      .update(invoiceRequests)
      .set({ status: 'failed', failureReason: reason, updatedAt: now })
      .where(eq(invoiceRequests.id, request.id));
    await writeAudit(tx, clock, actor, {
      action: 'invoice.reject',
      target: orderNo,
      before: { status: request.status },
      after: { status: 'failed', reason },
    });
    return { kind: 'failed' } as const;
  });
}
