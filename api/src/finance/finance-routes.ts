import { financeAdminEndpoints } from '@yaoshi/contracts/finance-admin';
import { requireStaff } from '../auth/authenticator';
import type { RouteModule } from '../app-deps';
import { actorOf } from '../audit/audit-log';
import { invoiceQueue, rejectInvoiceAsStaff } from './invoice-queue';
import { approveInvoice, retryInvoice } from '../invoices/invoice-issuing';
import { refundIssuedInvoiceOrder } from '../invoices/invoice-red-letter';
import { adminOrderDetail, financeSummary, searchOrders } from './order-search';
import { approveRefundAsStaff, refundQueue, rejectRefundAsStaff, requeryRefundAsStaff } from './refund-queue';
import { invoicePdfOf } from '../invoices/invoice-documents';
import { reconcileDay, reconciliationReport } from '../payment/bill-reconciliation';
import { ApiError } from '../envelope/api-error';
import { personalViewOf } from '../auth/personal-view';
import { sendQueuedMailNow } from '../mail/mail-queue';

export const BILL_UNAVAILABLE = '支付平台账单暂时无法下载，请稍后重试';

/** 财务: refunds and invoices (issue 18). */
export const financeRoutes: RouteModule = (api, { db, clock, paymentProvider, log, storage, invoicing, jobs }) => {
  /** A refund's result queues its mail in the transaction that decides it; this sends it now (mail-queue.ts). */
  const mailed = async <Answer>(answer: Answer): Promise<Answer> => {
    await sendQueuedMailNow(jobs, log);
    return answer;
  };

  api.add(financeAdminEndpoints.reconciliationReport, async ({ payload }) => reconciliationReport(db, payload.day));

  api.add(financeAdminEndpoints.reconciliationRun, async ({ payload, staff, request }) => {
    const actor = actorOf(requireStaff(staff), request.ip);
    try {
      await reconcileDay({ db, clock, provider: paymentProvider }, payload.day, actor);
    } catch (error) {
      log.warn({ err: error, day: payload.day }, 'bill reconciliation failed');
      throw new ApiError(503, BILL_UNAVAILABLE);
    }
    return reconciliationReport(db, payload.day);
  });

  api.add(financeAdminEndpoints.refundQueue, async ({ payload, staff }) =>
    refundQueue(db, payload.page, payload.size, payload.status, personalViewOf(staff)),
  );

  api.add(financeAdminEndpoints.refundApprove, async ({ payload, staff, request }) =>
    mailed(
      await approveRefundAsStaff(
        db,
        clock,
        paymentProvider,
        actorOf(requireStaff(staff), request.ip),
        payload.order_no,
      ),
    ),
  );

  api.add(financeAdminEndpoints.refundRequery, async ({ payload, staff, request }) =>
    mailed(
      await requeryRefundAsStaff(
        db,
        clock,
        paymentProvider,
        actorOf(requireStaff(staff), request.ip),
        payload.order_no,
      ),
    ),
  );

  api.add(financeAdminEndpoints.invoicePdf, async ({ payload }) => invoicePdfOf(db, storage, null, payload.order_no));

  api.add(financeAdminEndpoints.refundReject, async ({ payload, staff, request }) => {
    await rejectRefundAsStaff(db, clock, actorOf(requireStaff(staff), request.ip), payload.order_no, payload.reason);
    return mailed(null);
  });

  api.add(financeAdminEndpoints.orderSearch, async ({ payload, staff }) =>
    searchOrders(db, payload, personalViewOf(staff)),
  );

  api.add(financeAdminEndpoints.orderDetail, async ({ payload, staff }) =>
    adminOrderDetail(db, payload.order_no, personalViewOf(staff)),
  );

  api.add(financeAdminEndpoints.financeSummary, async ({ payload }) => financeSummary(db, payload.from, payload.to));

  api.add(financeAdminEndpoints.invoiceQueue, async ({ payload, staff }) =>
    invoiceQueue(db, payload.page, payload.size, payload.status, personalViewOf(staff), clock.now()),
  );

  api.add(financeAdminEndpoints.invoiceIssue, async ({ payload, staff, request }) =>
    approveInvoice(invoicing, actorOf(requireStaff(staff), request.ip), payload.order_no),
  );

  api.add(financeAdminEndpoints.invoiceRetry, async ({ payload, staff, request }) =>
    retryInvoice(invoicing, actorOf(requireStaff(staff), request.ip), payload.order_no),
  );

  api.add(financeAdminEndpoints.invoiceRefund, async ({ payload, staff, request }) =>
    mailed(
      await refundIssuedInvoiceOrder(
        invoicing,
        paymentProvider,
        actorOf(requireStaff(staff), request.ip),
        payload.order_no,
        payload.reason,
      ),
    ),
  );

  api.add(financeAdminEndpoints.invoiceReject, async ({ payload, staff, request }) => {
    await rejectInvoiceAsStaff(db, clock, actorOf(requireStaff(staff), request.ip), payload.order_no, payload.reason);
    return null;
  });
};
