import type { Route } from '../route';

// Method, path and access of each call in `finance-admin.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as financeAdminRoutes`, so a page's
// bundle keeps only the routes it calls.

export const orderSearch = {
  method: 'GET',
  path: '/v1/admin/orders',
  auth: 'staff',
  permission: 'finance.read',
} as const satisfies Route;
export const orderDetail = {
  method: 'GET',
  path: '/v1/admin/orders/detail',
  auth: 'staff',
  permission: 'finance.read',
} as const satisfies Route;
export const financeSummary = {
  method: 'GET',
  path: '/v1/admin/finance/summary',
  auth: 'staff',
  permission: 'finance.read',
} as const satisfies Route;
export const reconciliationReport = {
  method: 'GET',
  path: '/v1/admin/finance/reconciliation',
  auth: 'staff',
  permission: 'finance.read',
} as const satisfies Route;
export const reconciliationRun = {
  method: 'POST',
  path: '/v1/admin/finance/reconciliation/run',
  auth: 'staff',
  permission: 'finance.write',
} as const satisfies Route;
export const invoiceQueue = {
  method: 'GET',
  path: '/v1/admin/invoices',
  auth: 'staff',
  permission: 'finance.read',
} as const satisfies Route;
export const invoiceIssue = {
  method: 'POST',
  path: '/v1/admin/invoices/issue',
  auth: 'staff',
  permission: 'finance.write',
} as const satisfies Route;
export const invoiceRetry = {
  method: 'POST',
  path: '/v1/admin/invoices/retry',
  auth: 'staff',
  permission: 'finance.write',
} as const satisfies Route;
export const invoiceRefund = {
  method: 'POST',
  path: '/v1/admin/invoices/refund',
  auth: 'staff',
  permission: 'finance.write',
} as const satisfies Route;
export const invoiceReject = {
  method: 'POST',
  path: '/v1/admin/invoices/reject',
  auth: 'staff',
  permission: 'finance.write',
} as const satisfies Route;
export const refundQueue = {
  method: 'GET',
  path: '/v1/admin/refunds',
  auth: 'staff',
  permission: 'finance.read',
} as const satisfies Route;
export const refundApprove = {
  method: 'POST',
  path: '/v1/admin/refunds/approve',
  auth: 'staff',
  permission: 'finance.write',
} as const satisfies Route;
export const refundRequery = {
  method: 'POST',
  path: '/v1/admin/refunds/requery',
  auth: 'staff',
  permission: 'finance.write',
} as const satisfies Route;
export const invoicePdf = {
  method: 'GET',
  path: '/v1/admin/invoices/pdf',
  auth: 'staff',
  permission: 'finance.read',
} as const satisfies Route;
export const refundReject = {
  method: 'POST',
  path: '/v1/admin/refunds/reject',
  auth: 'staff',
  permission: 'finance.write',
} as const satisfies Route;
