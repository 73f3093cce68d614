import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { paymentProviderFromConfig } from '../payment/provider-from-config';
import { parseAdminArgs, runAdminCommand } from './admin-cli';

/**
 * `npm run admin -- avatar approve|reject <ID number>`, `refund approve|reject|done <order>`, `create-staff --name … --role …`,
 * `invoice issue|fail <order>`: the reviews an admin screen will do later. It opens the same database as the server (DATABASE_URL or the PGlite folder;
 * PGlite admits one process, so stop a PGlite server first) and applies pending migrations.
 */
const command = parseAdminArgs(process.argv.slice(2));
if ('error' in command) {
  console.error(command.error);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const paymentProvider = paymentProviderFromConfig(database.db, systemClock, config);
  const result = await runAdminCommand(database.db, systemClock, command, { paymentProvider });
  (result.ok ? console.log : console.error)(result.message);
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
