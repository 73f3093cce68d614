import { systemClock } from '../clock';
import { configFromEnv, isProduction, isStagingSandbox } from '../config';
import { openDatabase } from '../db/database';
import { seedMissing } from './seed';

/**
 * `npm run seed:demo`: writes whatever demo data is missing (learners with known
 * passwords, orders, articles) into the configured database, on purpose. Refused in
 * production — a live association's database must never hold accounts anyone can log in
 * to — except on a declared staging site (STAGING_SANDBOX=allow), which is a test site.
 * Opens the database like the server does: stop a PGlite server first.
 */
const config = configFromEnv();
if (isProduction(config) && !isStagingSandbox(config)) {
  console.error(
    `Refusing to seed demo data: NODE_ENV=${config.nodeEnv} is production. Demo learners have public passwords.`,
  );
  process.exit(78);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const wrote = await seedMissing(database.db, systemClock);
  console.log(wrote ? 'Demo data written.' : 'Demo data was already complete; nothing written.');
} finally {
  await database.close();
}
