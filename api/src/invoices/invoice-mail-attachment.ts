import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { AttachmentsOf } from '../mail/mail-sending';
import { invoiceAttachmentName } from '../mail/mail-content';
import { orders } from '../orders/orders-schema';
import type { Storage } from '../storage/storage';
import { invoicePdfOf } from './invoice-documents';
import { invoiceRequests } from './invoices-schema';

/**
 * The issued invoice's PDF, attached to its mail when the mail-send job sends it (issue 37):
 * the provider's PDF from our storage, as the learner's download is. Other mails carry nothing.
 */
export function invoiceMailAttachments(db: Database, storage: Pick<Storage, 'get'>): AttachmentsOf {
  return async (kind, aboutId) => {
    if (kind !== 'invoice') return [];
    const [row] = await db
      .select({ orderNo: orders.orderNo, invoiceNo: invoiceRequests.invoiceNo })
      .from(invoiceRequests)
      .innerJoin(orders, eq(orders.id, invoiceRequests.orderId))
      .where(eq(invoiceRequests.id, aboutId))
      .limit(1);
    if (!row) return [];
    const pdf = await invoicePdfOf(db, storage, null, row.orderNo);
    return [
      {
        filename: invoiceAttachmentName(row.invoiceNo ?? pdf.file_name.replace(/\.pdf$/, '')),
        content: Buffer.from(pdf.pdf_base64, 'base64'),
        contentType: 'application/pdf',
      },
    ];
  };
}
