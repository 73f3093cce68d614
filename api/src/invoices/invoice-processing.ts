import { and, eq, inArray } from 'drizzle-orm';
import { RECEIPT_STATUS, type OrderState } from '@yaoshi/contracts/order-states';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { invoiceRequests } from './invoices-schema';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { findOrderByNo, orderStateOf, transitionOrder } from '../orders/order-transitions';
import { writeAudit, type AuditActor } from '../audit/audit-log';
import { queueInvoiceMail } from '../mail/mail-queue';

/**
 * Association staff's side of an invoice, from the console's 财务 queue (finance/invoice-queue.ts)
 * and from `npm run admin -- invoice issue|fail <order>`. `issue` moves one step: under
 * review (1) → issuing (2) when staff accept it, issuing (2) → issued (3) once the invoice is
 * made out; the console asks for both steps at once (`throughIssued`). `fail` ends either
 * with failed (4), after which the learner may ask again. Each call names who acts and
 * writes one audit record in the transaction of its change.
 */
/** FP + issue day (Beijing) + the request's id, 6 digits: unique because the id is (issue 18). */
export function invoiceNoOf(requestId: number, issuedAt: Date): string {
  return `FP${formatBeijingTime(issuedAt).slice(0, 10).replace(/-/g, '')}${String(requestId).padStart(6, '0')}`;
}

export type InvoiceOutcome =
  | { kind: 'no-such-order' }
  | { kind: 'wrong-state'; state: OrderState }
  | { kind: 'issuing' }
  | { kind: 'issued' }
  | { kind: 'failed' };

export async function issueInvoice(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  orderNo: string,
  options: { throughIssued?: boolean } = {},
): Promise<InvoiceOutcome> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    let order = await findOrderByNo(tx, orderNo);
    if (order === null) return { kind: 'no-such-order' } as const;
    const startedFrom = order.receiptStatus === RECEIPT_STATUS.reviewing ? 'reviewing' : 'issuing';
    let after: Record<string, unknown> = {};
    let lastRequestId: number | null = null;
    for (;;) {
      const accepting = order.receiptStatus === RECEIPT_STATUS.reviewing;
      const from = accepting ? 'reviewing' : 'issuing';
      const [request] = await tx
        .select({ id: invoiceRequests.id })
        .from(invoiceRequests)
        .where(and(eq(invoiceRequests.orderId, order.id), eq(invoiceRequests.status, from)))
        .limit(1);
      const moved = request
        ? await transitionOrder(tx, order, accepting ? 'invoice_issuing' : 'invoice_issued', now)
        : null;
      if (!request || moved === null) {
        // A second step that cannot follow the first in one transaction is a bug: roll both back.
        if (after.status !== undefined) throw new Error(`invoice of ${orderNo} stopped while issuing`);
        return { kind: 'wrong-state', state: orderStateOf(order) } as const;
      }
      const invoiceNo = invoiceNoOf(request.id, now);
      lastRequestId = request.id;
      await tx
        .update(invoiceRequests)
        .set(
          accepting
            ? { status: 'issuing', updatedAt: now }
            : { status: 'issued', issuedAt: now, invoiceNo, updatedAt: now },
        )
        .where(eq(invoiceRequests.id, request.id));
      after = accepting
        ? { status: 'issuing' }
        : { status: 'issued', invoice_no: invoiceNo, issued_at: formatBeijingTime(now) };
      if (!accepting || options.throughIssued !== true) break;
      const reread = await findOrderByNo(tx, orderNo);
      if (reread === null) throw new Error(`order ${orderNo} vanished while issuing`);
      order = reread;
    }
    // Issue 37 (mail): the issued invoice is mailed to the email on the request. The one call site.
    if (after.status === 'issued' && lastRequestId !== null) await queueInvoiceMail(tx, clock, actor, lastRequestId);
    await writeAudit(tx, clock, actor, {
      action: 'invoice.issue',
      target: orderNo,
      before: { status: startedFrom },
      after,
    });
    return { kind: after.status === 'issued' ? 'issued' : 'issuing' } as const;
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
      .select({ id: invoiceRequests.id, status: invoiceRequests.status })
      .from(invoiceRequests)
      .where(and(eq(invoiceRequests.orderId, order.id), inArray(invoiceRequests.status, ['reviewing', 'issuing'])))
      .limit(1);
    if (!request || (await transitionOrder(tx, order, 'invoice_failed', now)) === null) {
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
