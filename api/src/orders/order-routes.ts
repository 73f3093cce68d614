import { orderEndpoints } from '@yaoshi/contracts/orders';
import type { RouteModule } from '../app-deps';
import { requirePrincipal } from '../auth/authenticator';
import { cancelLearnerOrder, listLearnerOrders } from './my-orders';

/** The order table (spec 02 §4, §5, §7): list and cancel; refunds and invoices add their own routes. */
export const orderRoutes: RouteModule = (api, { db, clock, orderPayments, orderLearning, log }) => {
  api.add(orderEndpoints.myOrders, async ({ principal }) => {
    const { learnerId } = requirePrincipal(principal);
    // An unpaid order past its deadline is shown as it really is (failed: repay or cancel).
    await orderPayments.settleExpired(learnerId);
    return listLearnerOrders(db, clock, orderLearning, learnerId);
  });

  api.add(orderEndpoints.cancelOrder, async ({ payload, principal }) => {
    const orderId = await cancelLearnerOrder(db, clock, requirePrincipal(principal).learnerId, payload.order_id);
    // The gateway must not take money for it any more; money that still arrives for a
    // cancelled order is refunded by the settlement, never enrolled (api/src/payment/payments.ts).
    await orderPayments
      .closeOpenAttempts([orderId])
      .catch((error: unknown) =>
        log.warn({ err: error, orderId }, 'could not close the payment of a cancelled order at the gateway'),
      );
    return null;
  });
};
