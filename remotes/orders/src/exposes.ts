/** What this remote exposes: one module per route it owns, each a page component (default export). */
export const EXPOSES = {
  './MyOrder': './src/order-list/my-orders-page.tsx',
  './RequestRefund': './src/refund/refund-request-page.tsx',
  './RequestInvoice': './src/invoice/invoice-request-page.tsx',
} as const;

/** The Chinese name of each exposed page, as the shell's route table knows it. */
export const PAGE_TITLES: Record<keyof typeof EXPOSES, string> = {
  './MyOrder': '我的订单',
  './RequestRefund': '申请退款',
  './RequestInvoice': '申请发票',
};
