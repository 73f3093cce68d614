import { adminEndpoints } from '@yaoshi/contracts/admin';
import { requireStaff } from '../auth/authenticator';
import type { RouteModule } from '../app-deps';
import { actorOf } from '../audit/audit-log';
import { approveRefundAsStaff, refundQueue, rejectRefundAsStaff } from './refund-queue';

/** 财务: refunds (issue 18). */
export const financeRoutes: RouteModule = (api, { db, clock, paymentProvider }) => {
  api.add(adminEndpoints.refundQueue, async ({ payload }) => refundQueue(db, payload.page, payload.size, payload.status));

  api.add(adminEndpoints.refundApprove, async ({ payload, staff, request }) =>
    approveRefundAsStaff(db, clock, paymentProvider, actorOf(requireStaff(staff), request.ip), payload.order_no),
  );

  api.add(adminEndpoints.refundReject, async ({ payload, staff, request }) => {
    await rejectRefundAsStaff(db, clock, actorOf(requireStaff(staff), request.ip), payload.order_no, payload.reason);
    return null;
  });
};
