import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate -w api` compares `src/db/schema.ts` with the snapshots in
 * `migrations/meta/` and writes the next numbered SQL file. Commit both; the server
 * applies pending files at start (src/db/migrate.ts).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
  strict: true,
});
