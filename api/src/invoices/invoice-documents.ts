import { and, eq } from 'drizzle-orm';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { siteSettings } from '../content/content-schema';
import type { Database } from '../db/database';
import { notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import type { Storage } from '../storage/storage';
import { courses } from '../catalogue/catalogue-schema';
import { orderCourses, orders } from '../orders/orders-schema';
import { invoiceNoOf } from './invoice-processing';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceRequests } from './invoices-schema';

/**
 * The issued invoice of an order as a PDF: the learner's own (`learnerId`), or any order's for
 * finance staff (null: the console's order drawer). Since issue 37 it is the provider's PDF,
 * copied into our storage when it was issued; invoices issued before are drawn from the record.
 */
export async function invoicePdfOf(
  db: Database,
  storage: Pick<Storage, 'get'>,
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
  if (row.request.pdfKey && row.request.invoiceNo) {
    const stream = await storage.get(row.request.pdfKey);
    if (stream === null) throw new Error(`invoice PDF ${row.request.pdfKey} is missing from storage`);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { file_name: `发票-${row.request.invoiceNo}.pdf`, pdf_base64: Buffer.concat(chunks).toString('base64') };
  }
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
