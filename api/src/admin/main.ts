import { ADMIN_JSON_HINT, npmPrintedBanner, parseAdminArgs } from './admin-args';

/**
 * `npm run admin -- avatar approve|reject <ID number>`, `refund approve|reject|done <order>`, `create-staff --name … --role …`,
 * `invoice issue|fail <order>`: the same service functions as the staff console at /admin, audited as 命令行, for
 * automation and for the first staff account. It opens the same database as the server (DATABASE_URL or the PGlite
 * folder; PGlite admits one process, so stop a PGlite server first) and applies pending migrations.
 *
 * `--json` output is for programs: run it as `npm run -s admin -- …`. Without `-s` npm itself prints its
 * "> script" banner on stdout before the command starts (only npm's silent log level stops it, and that
 * level also hides npm's own errors, so the repository does not set it for everyone).
 */
const command = parseAdminArgs(process.argv.slice(2));
if ('error' in command) {
  console.error(command.error);
  process.exit(2);
}
if (command.kind === 'create-staff' && command.json && npmPrintedBanner(process.env)) {
  console.error(ADMIN_JSON_HINT);
}
// The API's modules load only for a command that parses: a mistake is answered at once.
const [
  { systemClock },
  { loadConfig },
  { openDatabase },
  { paymentProviderFromConfig },
  { invoiceProviderFromConfig },
  { storageFromConfig },
  { runAdminCommand },
] = await Promise.all([
  import('../clock'),
  import('../config'),
  import('../db/database'),
  import('../payment/provider-from-config'),
  import('../invoices/invoice-provider-from-config'),
  import('../storage/storage-from-config'),
  import('./admin-cli'),
]);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const paymentProvider = paymentProviderFromConfig(database.db, systemClock, config);
  const invoicing = {
    db: database.db,
    clock: systemClock,
    provider: invoiceProviderFromConfig(database.db, systemClock, config),
    // Only `put`: the invoice PDF is written, never linked from here.
    storage: storageFromConfig(config, systemClock, () => ''),
    // No worker here: an invoice still 开具中 is asked about again from the console (重新提交).
    jobs: { enqueue: () => Promise.resolve(null) },
    line: config.invoiceLine,
  };
  const result = await runAdminCommand(database.db, systemClock, command, { paymentProvider, invoicing });
  (result.ok ? console.log : console.error)(result.message);
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
