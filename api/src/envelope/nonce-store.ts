import { lt, sql } from 'drizzle-orm';
import { MAX_CLOCK_SKEW_MS } from '@yaoshi/envelope/envelope';
import type { Clock } from '../clock';
import { rowsOf, type Database } from '../db/database';
import { requestNonces } from './envelope-schema';

/**
 * A request is accepted only while its timestamp is within MAX_CLOCK_SKEW_MS of the
 * server's clock, so a nonce needs remembering only until then; after that the timestamp
 * check alone refuses a replay. The extra window is a margin for server copies whose
 * clocks differ slightly.
 */
export const NONCE_RETENTION_MS = 2 * MAX_CLOCK_SKEW_MS;

/**
 * Expired nonces are deleted at most this often, on the back of an ordinary request: each
 * prune then deletes only the last few seconds' worth (about 30,000 rows at 3,000 signed
 * requests a second) rather than a minute's.
 */
export const NONCE_PRUNE_INTERVAL_MS = 10 * 1000;

export function nonceExpiry(requestTimestamp: number): Date {
  return new Date(requestTimestamp + NONCE_RETENTION_MS);
}

/** True when the nonce is new; false when this app already used it (a replay). */
export async function recordNonce(
  db: Database,
  appId: string,
  nonce: string,
  requestTimestamp: number,
): Promise<boolean> {
  // The primary key decides, so two server copies receiving the same request agree.
  const inserted = await db
    .insert(requestNonces)
    .values({ appId, nonce, expiresAt: nonceExpiry(requestTimestamp) })
    .onConflictDoNothing()
    .returning({ nonce: requestNonces.nonce });
  return inserted.length === 1;
}

/** Deletes the nonces expired at `now` and answers how many; counted in the database, so no row travels. */
export async function deleteExpiredNonces(db: Database, now: Date): Promise<number> {
  const [row] = await rowsOf<{ deleted: number }>(
    db,
    sql`with gone as (delete from ${requestNonces} where ${lt(requestNonces.expiresAt, now)} returning 1) select count(*)::int as deleted from gone`,
  );
  return row?.deleted ?? 0;
}

export interface NonceGuard {
  /** Records the nonce; false if it was seen before. Prunes expired ones now and then. */
  accept(appId: string, nonce: string, requestTimestamp: number): Promise<boolean>;
}

/**
 * Deletes expired nonces when at least NONCE_PRUNE_INTERVAL_MS passed since the last time;
 * call it after recording a nonce. In-process throttle: with several server copies each
 * prunes on its own schedule, which is harmless (deleting deleted rows is a no-op).
 */
export function createNoncePruner(
  db: Database,
  clock: Clock,
  onPruneError: (error: unknown) => void,
): () => Promise<void> {
  let lastPruneMs = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = clock.nowMs();
    if (now - lastPruneMs >= NONCE_PRUNE_INTERVAL_MS || now < lastPruneMs) {
      lastPruneMs = now;
      await deleteExpiredNonces(db, new Date(now)).catch(onPruneError);
    }
  };
}

export function createNonceGuard(db: Database, clock: Clock, onPruneError: (error: unknown) => void): NonceGuard {
  const prune = createNoncePruner(db, clock, onPruneError);
  return {
    async accept(appId, nonce, requestTimestamp) {
      const fresh = await recordNonce(db, appId, nonce, requestTimestamp);
      await prune();
      return fresh;
    },
  };
}
