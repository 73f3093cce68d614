import { hash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { BATCH_INPUT, preparedBatch } from '../db/prepared-sql';
import { requestNonces } from '../envelope/envelope-schema';
import { sessions } from './accounts-schema';
import { createNoncePruner, nonceExpiry } from '../envelope/nonce-store';
import type { RequestGate } from '../envelope/request-gate';

/** A login lasts 30 days unless ended by logout or a password change. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** 256 random bits, URL-safe: what the client stores and sends as `Bearer`. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this is stored, so the sessions table cannot be replayed as tokens. Every signed-in
 * request computes it: node's one-shot `hash` skips the Hash object createHash builds.
 */
export function sessionTokenHash(token: string): string {
  return hash('sha256', token, 'hex');
}

export async function openSession(db: Database, clock: Clock, learnerId: number): Promise<string> {
  const token = newSessionToken();
  const now = clock.now();
  // Each login sweeps the learner's own dead sessions, so the table does not grow forever.
  await db
    .delete(sessions)
    .where(and(eq(sessions.learnerId, learnerId), or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, now))));
  await db.insert(sessions).values({
    learnerId,
    tokenHash: sessionTokenHash(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  return token;
}

export async function revokeSession(db: Database, clock: Clock, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Every live session of a learner except `keepSessionId` (the one changing the password). */
export async function revokeOtherSessions(
  db: Database,
  clock: Clock,
  learnerId: number,
  keepSessionId: number | null,
): Promise<void> {
  const others = keepSessionId === null ? undefined : ne(sessions.id, keepSessionId);
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.learnerId, learnerId), isNull(sessions.revokedAt), others));
}

/** One call of the gate statement (snake_case: the statement's column list). */
interface GateCall {
  app_id: string;
  nonce: string;
  expires_at: string;
  /** Null when no session is asked for. */
  token_hash: string | null;
  now: string;
}

interface GateRow {
  i: number;
  fresh: boolean;
  session_id: number | null;
  learner_id: number | null;
}

/**
 * The pipeline's nonce and session steps on the real tables, in one statement for all the
 * requests arriving together (preparedBatch): each nonce is inserted, and a token's
 * session is live while neither revoked nor expired. The same nonce twice in one batch is
 * fresh only for the first. Nonces are durable: the batch's one commit is flushed before any
 * of its requests goes on (a nonce lost in a crash could be replayed).
 */
export function sessionGate(db: Database, clock: Clock, onPruneError: (error: unknown) => void): RequestGate {
  const prune = createNoncePruner(db, clock, onPruneError);
  const admit = preparedBatch<GateCall, GateRow>(
    db,
    'request_gate',
    sql`with input as (
        select * from json_to_recordset(${BATCH_INPUT})
          as input (i int, app_id text, nonce text, expires_at timestamptz, token_hash text, now timestamptz)
      ), first_use as (
        select distinct on (app_id, nonce) i, app_id, nonce, expires_at from input order by app_id, nonce, i
      ), recorded as (
        insert into ${requestNonces} (app_id, nonce, expires_at)
        select app_id, nonce, expires_at from first_use
        on conflict do nothing
        returning app_id, nonce
      )
      select input.i, recorded.nonce is not null as fresh, s.id as session_id, s.learner_id
      from input
      left join first_use on first_use.i = input.i
      left join recorded on recorded.app_id = first_use.app_id and recorded.nonce = first_use.nonce
      left join ${sessions} s on s.token_hash = input.token_hash and s.revoked_at is null and s.expires_at > input.now`,
  );
  return {
    async admit(claim, token) {
      const row = await admit({
        app_id: claim.appId,
        nonce: claim.nonce,
        expires_at: nonceExpiry(claim.timestamp).toISOString(),
        token_hash: token === null || token.length > 200 ? null : sessionTokenHash(token),
        now: clock.now().toISOString(),
      });
      await prune();
      if (row?.fresh !== true) return { fresh: false, principal: null };
      return {
        fresh: true,
        principal:
          row.session_id !== null && row.learner_id !== null
            ? { sessionId: row.session_id, learnerId: row.learner_id }
            : null,
      };
    },
  };
}
