import { configFromEnv } from '../config';
import { MIGRATIONS_FOLDER, openDatabase } from './database';
import { readJournal } from './migration-state';

/**
 * `npm run migrate -w api`: the release's migration, run once before its servers start (a
 * systemd one-shot, a Kubernetes Job, or by hand). It reads the servers' own DATABASE_URL /
 * DATA_DIR and nothing else of their configuration, applies what is pending under the same
 * advisory lock the servers take, and prints what it did. Running it again changes nothing.
 */
const config = configFromEnv();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrations: 'apply' });
try {
  const latest = readJournal(MIGRATIONS_FOLDER).at(-1)?.tag ?? 'none';
  const applied = database.appliedMigrations;
  console.log(
    applied.length > 0
      ? `Applied ${applied.length} migration(s): ${applied.join(', ')}. The schema is at ${latest}.`
      : `Nothing to migrate: the schema is at ${latest}.`,
  );
} finally {
  await database.close();
}
