import type { Route } from '../route';

// Method, path and access of each call in `orders.ts`, without schemas: what the browser
// sends by. One export per call, read as `import * as orderRoutes`, so a page's
// bundle keeps only the routes it calls.

export const myOrders = { method: 'GET', path: '/v1/orders', auth: true } as const satisfies Route;
export const cancelOrder = { method: 'GET', path: '/v1/cancel', auth: true } as const satisfies Route;
export const requestRefund = { method: 'POST', path: '/v1/refund', auth: true } as const satisfies Route;
export const submitInvoiceInforApi = { method: 'POST', path: '/v1/receipt', auth: true } as const satisfies Route;
export const invoicePdf = { method: 'GET', path: '/v1/invoice_pdf', auth: true } as const satisfies Route;
