import { orderEndpoints } from '@yaoshi/contracts/orders';
import type { RouteModule } from '../app-deps';
import { requirePrincipal } from '../auth/authenticator';
import { invoicePdfOf } from './invoice-documents';
import { requestInvoice } from './invoice-requests';
import { workInvoicePolls } from './invoice-issuing';

/** /requestInvoice (spec 02 §3): a learner asks for an electronic invoice of a paid order. */
export const invoiceRoutes: RouteModule = (api, { db, clock, storage, jobs, invoicing, log }) => {
  // The provider's 开票中 answers are asked about again by this job (invoice-issuing.ts).
  void workInvoicePolls(jobs, invoicing).catch((error: unknown) =>
    log.error({ err: error }, 'could not register the invoice poll job'),
  );

  api.add(orderEndpoints.submitInvoiceInforApi, async ({ payload, principal }) => {
    await requestInvoice(db, clock, requirePrincipal(principal).learnerId, payload);
    return null;
  });

  // The issued invoice, downloaded from /myOrder (issue 18).
  api.add(orderEndpoints.invoicePdf, async ({ payload, principal }) =>
    invoicePdfOf(db, storage, requirePrincipal(principal).learnerId, payload.order_id),
  );
};
