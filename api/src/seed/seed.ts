import { count } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { siteSettings } from '../db/schema';
import { seedContent } from './content-seed';

/**
 * Demo data for a fresh database, so `npm start` shows a living site. Each part writes
 * one area (content now; learners, courses and orders in later issues, appended below)
 * and receives the transaction, so a failure leaves the database empty, not half-seeded.
 */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface SeedContext {
  tx: Transaction;
  clock: Clock;
}

export type SeedPart = (context: SeedContext) => Promise<void>;

export const SEED_PARTS: readonly SeedPart[] = [seedContent];

/**
 * The site settings row is written by the first part and required by every page, so
 * its presence marks a database that was seeded or set up by hand: either way, leave it.
 */
export async function isEmptyDatabase(db: Database | Transaction): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(siteSettings);
  return (row?.n ?? 0) === 0;
}

/** Seeds an empty database; returns whether it did. Safe to call on every start. */
export async function seedIfEmpty(db: Database, clock: Clock, parts: readonly SeedPart[] = SEED_PARTS): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await isEmptyDatabase(tx))) return false;
    for (const part of parts) await part({ tx, clock });
    return true;
  });
}
