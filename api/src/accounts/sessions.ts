import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { sessions } from '../db/schema';
import type { Authenticator } from '../auth/authenticator';

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

/** Bearer token → learner, for sessions neither revoked nor expired. */
export function sessionAuthenticator(db: Database, clock: Clock): Authenticator {
  return {
    async authenticate(token) {
      if (token.length > 200) return null;
      const [row] = await db
        .select({ sessionId: sessions.id, learnerId: sessions.learnerId })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, sessionTokenHash(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())))
        .limit(1);
      return row ?? null;
    },
  };
}
