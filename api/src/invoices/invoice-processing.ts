import { and, eq, inArray } from 'drizzle-orm';
import { RECEIPT_STATUS, type OrderState } from '@yaoshi/contracts/order-states';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { invoiceRequests } from './invoices-schema';
import { formatBeijingTime } from '../content/published-time';
import { findOrderByNo, orderStateOf, transitionOrder } from '../orders/order-transitions';

/**
 * Association staff's side of an invoice (until an admin screen exists, `npm run admin --
 * invoice issue|fail <order>`). `issue` moves one step: under review (1) → issuing (2)
 * when staff accept it, issuing (2) → issued (3) once the invoice is made out. `fail`
 * ends either with failed (4), after which the learner may ask again.
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

export async function issueInvoice(db: Database, clock: Clock, orderNo: string): Promise<InvoiceOutcome> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const order = await findOrderByNo(tx, orderNo);
    if (order === null) return { kind: 'no-such-order' } as const;
    const accepting = order.receiptStatus === RECEIPT_STATUS.reviewing;
    const from = accepting ? 'reviewing' : 'issuing';
    const [request] = await tx
      .select({ id: invoiceRequests.id })
      .from(invoiceRequests)
      .where(and(eq(invoiceRequests.orderId, order.id), eq(invoiceRequests.status, from)))
      .limit(1);
    if (
      !request ||
      (await transitionOrder(tx, order, accepting ? 'invoice_issuing' : 'invoice_issued', now)) === null
    ) {
      return { kind: 'wrong-state', state: orderStateOf(order) } as const;
    }
    await tx
      .update(invoiceRequests)
      .set(
        accepting
          ? { status: 'issuing', updatedAt: now }
          : { status: 'issued', issuedAt: now, invoiceNo: invoiceNoOf(request.id, now), updatedAt: now },
      )
      .where(eq(invoiceRequests.id, request.id));
    return { kind: accepting ? 'issuing' : 'issued' } as const;
  });
}

export async function failInvoice(
  db: Database,
  clock: Clock,
  orderNo: string,
  reason: string,
): Promise<InvoiceOutcome> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const order = await findOrderByNo(tx, orderNo);
    if (order === null) return { kind: 'no-such-order' } as const;
    const [request] = await tx
      .select({ id: invoiceRequests.id })
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
    return { kind: 'failed' } as const;
  });
}
