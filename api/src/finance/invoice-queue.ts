import { count, desc, eq, sql } from 'drizzle-orm';
import type { InvoiceQueueRow } from '@yaoshi/contracts/finance-admin';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { rowsOf, type Database } from '../db/database';
import { conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { learners } from '../accounts/accounts-schema';
import type { AuditActor } from '../audit/audit-log';
import type { Clock } from '../clock';
import type { PersonalView } from '../auth/personal-view';
import { failInvoice, INVOICE_STALE_MINUTES } from '../invoices/invoice-processing';
import { invoiceRequests } from '../invoices/invoices-schema';
import { orders } from '../orders/orders-schema';

/** 财务's invoice queue (issue 18). */
export async function invoiceQueue(
  db: Database,
  page: number,
  size: number,
  status: InvoiceQueueRow['status'] | undefined,
  view: PersonalView,
  now: Date,
) {
  const stale = now.getTime() - INVOICE_STALE_MINUTES * 60_000;
  const where = status ? eq(invoiceRequests.status, status) : undefined;
  const [total] = await db.select({ n: count() }).from(invoiceRequests).where(where);
  const rows = await db
    .select({ request: invoiceRequests, order: orders, learner: learners })
    .from(invoiceRequests)
    .innerJoin(orders, eq(orders.id, invoiceRequests.orderId))
    .innerJoin(learners, eq(learners.id, invoiceRequests.learnerId))
    .where(where)
    .orderBy(desc(invoiceRequests.createdAt), desc(invoiceRequests.id))
    .limit(size)
    .offset((page - 1) * size);
  const bounced = await lastMailBounced(
    db,
    rows.filter(({ request }) => request.status === 'issued').map(({ request }) => request.id),
  );
  const list: InvoiceQueueRow[] = rows.map(({ request, order, learner }) => ({
    order_no: order.orderNo,
    order_name: order.orderName,
    year: order.year,
    learner_name: learner.name,
    id_number: view.idNumber(learner.idNumber),
    amount: request.amountFen / 100,
    title_type: request.titleType,
    invoice_title: request.invoiceTitle,
    tax_number: request.taxNumber,
    email: request.email,
    status: request.status,
    invoice_no: request.invoiceNo,
    issued_at: request.issuedAt ? formatBeijingTime(request.issuedAt) : null,
    failure_reason: request.failureReason,
    requested_at: formatBeijingTime(request.createdAt),
    invoice_code: request.invoiceCode,
    provider_error: request.providerError,
    retryable: request.status === 'issuing' && (request.providerError !== null || request.updatedAt.getTime() < stale),
    red_status: request.redStatus,
    red_invoice_no: request.redInvoiceNo,
    red_error: request.redError,
    mail_bounced: bounced.has(request.id),
  }));
  return { total: Number(total?.n ?? 0), list };
}

/** Of these invoice requests, those whose latest invoice mail bounced (a resend that was sent since clears it). */
async function lastMailBounced(db: Database, requestIds: readonly number[]): Promise<Set<number>> {
  if (requestIds.length === 0) return new Set();
  const latest = await rowsOf<{ about_id: number; status: string }>(
    db,
    sql`select distinct on (about_id) about_id, status from mails
        where kind = 'invoice' and about_id in (${sql.join(
          requestIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by about_id, created_at desc, id desc`,
  );
  return new Set(latest.filter((row) => row.status === 'bounced').map((row) => Number(row.about_id)));
}

/** The service writes the audit record (`invoice.reject`) in the transaction of the change. */
export async function rejectInvoiceAsStaff(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  orderNo: string,
  reason: string,
): Promise<void> {
  const outcome = await failInvoice(db, clock, actor, orderNo, reason);
  if (outcome.kind === 'no-such-order') throw notFound(MESSAGES.orderNotFound);
  if (outcome.kind === 'wrong-state') throw conflict(MESSAGES.invoiceNotWaiting);
}
