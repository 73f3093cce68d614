import { orderEndpoints } from '@yaoshi/contracts/orders';
import { requirePrincipal } from '../auth/authenticator';
import type { RouteModule } from '../envelope/signed-routes';
import { requestInvoice } from '../invoices/invoice-requests';
import { requestRefund } from '../refunds/refund-requests';
import { closeOpenAttempts, settleExpiredOrders } from '../payment/payments';
import { cancelLearnerOrder, listLearnerOrders } from './my-orders';

/** The order table and its learner actions (spec 02 §4, §5, §7): list, cancel, refund, invoice. */
export const orderRoutes: RouteModule = (api, { db, clock, paymentProvider, log }) => {
  api.add(orderEndpoints.myOrders, async ({ principal }) => {
    const { learnerId } = requirePrincipal(principal);
    // An unpaid order past its deadline is shown as it really is (failed: repay or cancel).
    await settleExpiredOrders({ db, clock, provider: paymentProvider, log }, learnerId);
    return listLearnerOrders(db, clock, learnerId);
  });

  api.add(orderEndpoints.cancelOrder, async ({ payload, principal }) => {
    const orderId = await cancelLearnerOrder(db, clock, requirePrincipal(principal).learnerId, payload.order_id);
    // The gateway must not take money for it any more; money that still arrives for a
    // cancelled order is refunded by the settlement, never enrolled (api/src/payment/payments.ts).
    await closeOpenAttempts({ db, clock, provider: paymentProvider, log }, [orderId]).catch((error: unknown) =>
      log.warn({ err: error, orderId }, 'could not close the payment of a cancelled order at the gateway'),
    );
    return null;
  });

  api.add(orderEndpoints.requestRefund, async ({ payload, principal }) => {
    await requestRefund(db, clock, requirePrincipal(principal).learnerId, payload.order_id, payload.reason);
    return null;
  });

  api.add(orderEndpoints.submitInvoiceInforApi, async ({ payload, principal }) => {
    await requestInvoice(db, clock, requirePrincipal(principal).learnerId, payload);
    return null;
  });
};
