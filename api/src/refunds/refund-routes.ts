import { orderEndpoints } from '@yaoshi/contracts/orders';
import type { RouteModule } from '../app-deps';
import { requirePrincipal } from '../auth/authenticator';
import { requestRefund } from './refund-requests';

/** /requestRefund (spec 02 §4): a learner asks for an order's money back. */
export const refundRoutes: RouteModule = (api, { db, clock }) => {
  api.add(orderEndpoints.requestRefund, async ({ payload, principal }) => {
    await requestRefund(db, clock, requirePrincipal(principal).learnerId, payload.order_id, payload.reason);
    return null;
  });
};
