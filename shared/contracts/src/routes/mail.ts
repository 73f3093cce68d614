import type { Route } from '../route';

// Method, path and access of each call in `mail.ts`, without schemas: what the browser sends by.

export const resendInvoiceMail = { method: 'POST', path: '/v1/invoice_mail', auth: true } as const satisfies Route;
export const invoiceMails = {
  method: 'GET',
  path: '/v1/admin/invoices/mails',
  auth: 'staff',
  permission: 'finance.read',
} as const satisfies Route;
export const myDigest = { method: 'GET', path: '/v1/admin/me/digest', auth: 'staff' } as const satisfies Route;
export const saveMyDigest = { method: 'POST', path: '/v1/admin/me/digest', auth: 'staff' } as const satisfies Route;
