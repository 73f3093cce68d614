/** What this remote exposes: one module per route it owns, each a page component (default export). */
export const EXPOSES = {
  './MyOrder': './src/order-list/my-orders-page.tsx',
  './RequestRefund': './src/refund/refund-request-page.tsx',
  './RequestInvoice': './src/invoice/invoice-request-page.tsx',
} as const;
