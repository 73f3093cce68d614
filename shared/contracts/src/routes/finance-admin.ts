import { defineRoutes } from '../route';

/** Method, path and access of each call in `finance-admin.ts`, without schemas: what the browser sends by. */
export const financeAdminRoutes = defineRoutes({
  orderSearch: { method: 'GET', path: '/v1/admin/orders', auth: 'staff', permission: 'finance.read' },
  orderDetail: { method: 'GET', path: '/v1/admin/orders/detail', auth: 'staff', permission: 'finance.read' },
  financeSummary: { method: 'GET', path: '/v1/admin/finance/summary', auth: 'staff', permission: 'finance.read' },
  reconciliationReport: {
    method: 'GET',
    path: '/v1/admin/finance/reconciliation',
    auth: 'staff',
    permission: 'finance.read',
  },
  reconciliationRun: {
    method: 'POST',
    path: '/v1/admin/finance/reconciliation/run',
    auth: 'staff',
    permission: 'finance.write',
  },
  invoiceQueue: { method: 'GET', path: '/v1/admin/invoices', auth: 'staff', permission: 'finance.read' },
  invoiceIssue: { method: 'POST', path: '/v1/admin/invoices/issue', auth: 'staff', permission: 'finance.write' },
  invoiceReject: { method: 'POST', path: '/v1/admin/invoices/reject', auth: 'staff', permission: 'finance.write' },
  refundQueue: { method: 'GET', path: '/v1/admin/refunds', auth: 'staff', permission: 'finance.read' },
  refundApprove: { method: 'POST', path: '/v1/admin/refunds/approve', auth: 'staff', permission: 'finance.write' },
  refundRequery: { method: 'POST', path: '/v1/admin/refunds/requery', auth: 'staff', permission: 'finance.write' },
  invoicePdf: { method: 'GET', path: '/v1/admin/invoices/pdf', auth: 'staff', permission: 'finance.read' },
  refundReject: { method: 'POST', path: '/v1/admin/refunds/reject', auth: 'staff', permission: 'finance.write' },
});
