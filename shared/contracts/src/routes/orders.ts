import { defineRoutes } from '../route';

/** Method, path and access of each call in `orders.ts`, without schemas: what the browser sends by. */
export const orderRoutes = defineRoutes({
  myOrders: { method: 'GET', path: '/v1/orders', auth: true },
  cancelOrder: { method: 'GET', path: '/v1/cancel', auth: true },
  requestRefund: { method: 'POST', path: '/v1/refund', auth: true },
  submitInvoiceInforApi: { method: 'POST', path: '/v1/receipt', auth: true },
  invoicePdf: { method: 'GET', path: '/v1/invoice_pdf', auth: true },
});
