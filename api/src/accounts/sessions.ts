import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { asyncCommit, preparedStatement } from '../db/prepared-sql';
import { requestNonces, sessions } from '../db/schema';
import { createNoncePruner, nonceExpiry } from '../envelope/nonce-store';
import type { RequestGate } from '../envelope/request-gate';

/** A login lasts 30 days unless ended by logout or a password change. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** 256 random bits, URL-safe: what the client stores and sends as `Bearer`. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored, so the sessions table cannot be replayed as tokens. */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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
  await db.update(sessions).set({ revokedAt: clock.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Every live session of a learner except `keepSessionId` (the one changing the password). */
export async function revokeOtherSessions(db: Database, clock: Clock, learnerId: number, keepSessionId: number | null): Promise<void> {
  const others = keepSessionId === null ? undefined : ne(sessions.id, keepSessionId);
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.learnerId, learnerId), isNull(sessions.revokedAt), others));
}

const placeholder = sql.placeholder;

/**
 * The pipeline's nonce and session steps on the real tables, in one round trip and one
 * statement each: the nonce insert, and for a signed-in call the token's live session in
 * the same statement. A token is live while its session is neither revoked nor expired.
 */
export function sessionGate(db: Database, clock: Clock, onPruneError: (error: unknown) => void): RequestGate {
  const prune = createNoncePruner(db, clock, onPruneError);
  // Committed asynchronously (see asyncCommit): the select of the nonce's values runs the
  // set_config first.
  const nonceValues = sql`select ${placeholder('appId')}::text, ${placeholder('nonce')}::text, ${placeholder('expiresAt')}::timestamptz
    from ${asyncCommit} as async_commit`;
  const recordOnly = preparedStatement<{ fresh: boolean }>(
    db,
    'gate_nonce',
    sql`insert into ${requestNonces} (app_id, nonce, expires_at) ${nonceValues}
      on conflict do nothing returning true as fresh`,
  );
  const recordAndResolve = preparedStatement<{ fresh: boolean; session_id: number | null; learner_id: number | null }>(
    db,
    'gate_nonce_session',
    sql`with recorded as (
        insert into ${requestNonces} (app_id, nonce, expires_at) ${nonceValues}
        on conflict do nothing returning 1
      )
      select exists (select 1 from recorded) as fresh, s.id as session_id, s.learner_id
      from (values (1)) as one (x)
      left join ${sessions} s on s.token_hash = ${placeholder('tokenHash')}::text
        and s.revoked_at is null and s.expires_at > ${placeholder('now')}::timestamptz`,
  );
  return {
    async admit(claim, token) {
      const nonce = { appId: claim.appId, nonce: claim.nonce, expiresAt: nonceExpiry(claim.timestamp).toISOString() };
      let admission;
      if (token === null || token.length > 200) {
        const rows = await recordOnly(nonce);
        admission = { fresh: rows.length === 1, principal: null };
      } else {
        const [row] = await recordAndResolve({ ...nonce, tokenHash: sessionTokenHash(token), now: clock.now().toISOString() });
        const principal = row?.session_id != null && row.learner_id != null ? { sessionId: row.session_id, learnerId: row.learner_id } : null;
        admission = { fresh: row?.fresh === true, principal: row?.fresh === true ? principal : null };
      }
      await prune();
      return admission;
    },
  };
}
