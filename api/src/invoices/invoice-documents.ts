import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { siteSettings } from '../content/content-schema';
import type { Database } from '../db/database';
import { conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import type { AuditActor } from '../audit/audit-log';
import { courses } from '../catalogue/catalogue-schema';
import { orderCourses, orders } from '../orders/orders-schema';
import { invoiceNoOf, issueInvoice, type InvoiceOutcome } from './invoice-processing';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceRequests } from './invoices-schema';

/**
 * Issuing an invoice from the console (issue 18): the request moves under review → issuing →
 * issued through `issueInvoice` (the function `npm run admin -- invoice issue` runs, which
 * writes the audit record), in the caller's transaction, and gets its number and date. The PDF is drawn from what was
 * recorded whenever the learner downloads it, so it is always the invoice on file.
 */

function refusalOf(outcome: InvoiceOutcome): Error | null {
  if (outcome.kind === 'no-such-order') return notFound(MESSAGES.orderNotFound);
  if (outcome.kind === 'wrong-state') return conflict(MESSAGES.invoiceNotWaiting);
  return null;
}

export async function issueInvoiceWithNumber(
  tx: Database,
  clock: Clock,
  actor: AuditActor,
  orderNo: string,
): Promise<{ invoiceNo: string; issuedAt: Date; requestId: number }> {
  const outcome = await issueInvoice(tx, clock, actor, orderNo, { throughIssued: true });
  const refused = refusalOf(outcome);
  if (refused) throw refused;
  const [request] = await tx
    .select({ id: invoiceRequests.id, issuedAt: invoiceRequests.issuedAt, invoiceNo: invoiceRequests.invoiceNo })
    .from(invoiceRequests)
    .innerJoin(orders, eq(orders.id, invoiceRequests.orderId))
    .where(and(eq(orders.orderNo, orderNo), eq(invoiceRequests.status, 'issued')))
    .limit(1);
  if (!request?.issuedAt || !request.invoiceNo) throw new Error('issued invoice without its number');
  return { invoiceNo: request.invoiceNo, issuedAt: request.issuedAt, requestId: request.id };
}

/**
 * The issued invoice of an order as a PDF: the learner's own (`learnerId`), or any order's for
 * finance staff (null: the console's order drawer).
 */
export async function invoicePdfOf(
  db: Database,
  learnerId: number | null,
  orderNo: string,
): Promise<{ file_name: string; pdf_base64: string }> {
  const [row] = await db
    .select({ request: invoiceRequests, order: orders })
    .from(invoiceRequests)
    .innerJoin(orders, eq(orders.id, invoiceRequests.orderId))
    .where(
      and(
        eq(orders.orderNo, orderNo),
        learnerId === null ? undefined : eq(orders.learnerId, learnerId),
        eq(invoiceRequests.status, 'issued'),
      ),
    )
    .limit(1);
  if (!row) throw notFound(MESSAGES.invoiceNotIssued);
  // Invoices issued before numbers were recorded (demo data) get theirs from the same rule.
  const issuedAt = row.request.issuedAt ?? row.request.updatedAt;
  const invoiceNo = row.request.invoiceNo ?? invoiceNoOf(row.request.id, issuedAt);
  const items = await db
    .select({ name: courses.name, amountFen: orderCourses.priceFen })
    .from(orderCourses)
    .innerJoin(courses, eq(courses.id, orderCourses.courseId))
    .where(eq(orderCourses.orderId, row.order.id));
  const [site] = await db.select({ name: siteSettings.siteName }).from(siteSettings).limit(1);
  const pdf = await renderInvoicePdf({
    invoiceNo,
    issuedOn: formatBeijingTime(issuedAt).slice(0, 10),
    seller: site?.name ?? '',
    title: row.request.invoiceTitle,
    taxNumber: row.request.taxNumber,
    items: items.length > 0 ? items : [{ name: row.order.orderName, amountFen: row.request.amountFen }],
    amountFen: row.request.amountFen,
  });
  return { file_name: `发票-${invoiceNo}.pdf`, pdf_base64: pdf.toString('base64') };
}
