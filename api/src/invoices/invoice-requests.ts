import type { z } from 'zod';
import { INVOICE_KIND, INVOICE_TITLE_TYPE } from '@yaoshi/contracts/order-rules';
import type { invoiceRequestSchema } from '@yaoshi/contracts/orders';
import { requireLearner } from '../accounts/learner-queries';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { invoiceRequests } from './invoices-schema';
import { conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { invoiceRefusal } from '../orders/order-refusals';
import { findLearnerOrder, orderStateOf, transitionOrder } from '../orders/order-transitions';

export type InvoiceForm = z.output<typeof invoiceRequestSchema>;

/**
 * submitInvoiceInforApi (spec 02 §4, §5): a paid order of this learner with no refund under
 * way or done and no invoice under way or issued gets an invoice request under review,
 * again after a failure. As with refunds, the order's move and the request row are one
 * transaction that only matches the state it read.
 */
export async function requestInvoice(db: Database, clock: Clock, learnerId: number, form: InvoiceForm): Promise<void> {
  await db.transaction(async (tx) => {
    const now = clock.now();
    const order = await findLearnerOrder(tx, learnerId, form.order_id);
    if (order === null) throw notFound(MESSAGES.orderNotFound);
    const refusal = invoiceRefusal(orderStateOf(order));
    if (refusal !== null) throw conflict(refusal);
    if ((await transitionOrder(tx, order, 'request_invoice', now)) === null) throw conflict(MESSAGES.invoiceInProgress);

    const enterprise = form.type === INVOICE_TITLE_TYPE.enterprise;
    // A personal invoice is made out to the person: the learner's own name unless they typed one.
    const title = form.invoice_title || (enterprise ? '' : (await requireLearner(tx, learnerId)).name);
    await tx.insert(invoiceRequests).values({
      orderId: order.id,
      learnerId,
      invoiceKind: form.invoice_type ?? INVOICE_KIND.vatElectronicOrdinary,
      titleType: form.type,
      invoiceTitle: title,
      taxNumber: enterprise ? (form.tax_number ?? null) : null,
      phone: form.phone,
      email: form.email,
      remark: form.remark ?? '',
      invoiceDetail: form.invoice_detail ?? '',
      amountFen: order.priceFen,
      createdAt: now,
      updatedAt: now,
    });
  });
}
