import { orderEndpoints } from '@yaoshi/contracts/orders';
import type { RouteModule } from '../app-deps';
import { requirePrincipal } from '../auth/authenticator';
import { requestInvoice } from './invoice-requests';

/** /requestInvoice (spec 02 §3): a learner asks for an electronic invoice of a paid order. */
export const invoiceRoutes: RouteModule = (api, { db, clock }) => {
  api.add(orderEndpoints.submitInvoiceInforApi, async ({ payload, principal }) => {
    await requestInvoice(db, clock, requirePrincipal(principal).learnerId, payload);
    return null;
  });
};
