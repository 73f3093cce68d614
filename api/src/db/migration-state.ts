import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';

/** What this file needs of a database handle (database.ts's `Database` has it; no import back to it). */
interface Queryable {
  execute(query: SQL): Promise<unknown>;
}

/**
 * Several API servers on one PostgreSQL must not each migrate at start (issue 21): the
 * release's migration runs once (`npm run migrate -w api`, the systemd one-shot or the
 * Kubernetes Job), and a production server only checks that nothing is pending. What
 * "pending" means is drizzle's own rule: a migration of the journal whose `when` is later
 * than the newest `created_at` recorded in `drizzle.__drizzle_migrations`.
 */

/** The command an operator runs, named in the refusal. */
export const MIGRATE_COMMAND = 'npm run migrate -w api';

export interface JournalEntry {
  tag: string;
  when: number;
}

export function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The journal's migrations newer than the last one applied (all of them on an empty database). */
export function pendingAfter(journal: readonly JournalEntry[], lastAppliedAt: number | undefined): string[] {
  return journal.filter((entry) => lastAppliedAt === undefined || entry.when > lastAppliedAt).map((entry) => entry.tag);
}

async function lastAppliedAt(db: Queryable): Promise<number | undefined> {
  const result: unknown = await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
  const last = (result as { rows: { last: string | null }[] }).rows[0]?.last;
  return last === null || last === undefined ? undefined : Number(last);
}

/** The tags of the migrations this database still lacks, oldest first. */
export async function pendingMigrations(db: Queryable, migrationsFolder: string): Promise<string[]> {
  const exists: unknown = await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const present = (exists as { rows: { present: boolean }[] }).rows[0]?.present === true;
  return pendingAfter(readJournal(migrationsFolder), present ? await lastAppliedAt(db) : undefined);
}

/** A server told not to migrate found the schema behind its code: it refuses to serve (start-errors.ts prints the reason). */
export class PendingMigrationsError extends Error {
  override name = 'PendingMigrationsError';
  constructor(readonly pending: readonly string[]) {
    super(
      `the database schema is ${pending.length} migration${pending.length === 1 ? '' : 's'} behind this release (${pending.join(', ')}). ` +
        `Run the release's migration once (${MIGRATE_COMMAND}, the yaoshi-migrate unit or the Kubernetes Job) before starting servers, ` +
        'or set MIGRATE_ON_START=true on a single-server site.',
    );
  }
}
