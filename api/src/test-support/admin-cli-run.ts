import assert from 'node:assert/strict';
import { parseAdminArgs } from '../admin/admin-args';
import { runAdminCommand } from '../admin/admin-cli';
import { createSandboxInvoiceProvider } from '../invoices/invoice-sandbox-provider';
import type { PaymentProvider } from '../payment/payment-provider';
import type { TestServer } from './test-server';

/**
 * `npm run admin -- <argv>` against a test server's database: the payment gateway given, and
 * invoicing on the sandbox provider (`invoice issue` approves and issues at once).
 */
export function runAdminOn(server: TestServer, argv: string[], provider: PaymentProvider | null) {
  const command = parseAdminArgs(argv);
  assert.ok(!('error' in command), JSON.stringify(command));
  return runAdminCommand(server.db, server.clock, command, {
    paymentProvider: provider,
    invoicing: {
      db: server.db,
      clock: server.clock,
      provider: createSandboxInvoiceProvider({ clock: server.clock, sellerName: () => Promise.resolve('协会') }),
      storage: { put: () => Promise.resolve() },
      jobs: { enqueue: () => Promise.resolve(null) },
      line: server.config.invoiceLine,
    },
  });
}
