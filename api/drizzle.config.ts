import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate -w api` compares the tables of every `src/<feature>/*-schema.ts` with the snapshots in
 * `migrations/meta/` and writes the next numbered SQL file. Commit both; the server
 * applies pending files at start (`openDatabase` in src/db/database.ts, drizzle's migrator).
 */
export default defineConfig({
  dialect: 'postgresql',
  // Each feature owns its tables in `src/<feature>/<feature>-schema.ts`; this glob is the index.
  schema: './src/*/*-schema.ts',
  out: './migrations',
  strict: true,
});
