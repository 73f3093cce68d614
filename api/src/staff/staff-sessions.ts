import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { STAFF_IDLE_MS, permissionsOf } from '@yaoshi/contracts/staff-roles';
import type { StaffAuthenticator } from '../auth/authenticator';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { newSessionToken, sessionTokenHash } from '../accounts/sessions';
import { staffAccounts, staffSessions } from './staff-schema';

/** However active, a staff login lasts at most one working day. */
export const STAFF_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export async function openStaffSession(db: Database, clock: Clock, staffId: number): Promise<string> {
  const token = newSessionToken();
  const now = clock.now();
  await db.insert(staffSessions).values({
    staffId,
    tokenHash: sessionTokenHash(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_SESSION_LIFETIME_MS),
  });
  return token;
}

export async function revokeStaffSession(db: Database, clock: Clock, sessionId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

export async function revokeAllStaffSessions(db: Database, clock: Clock, staffId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

/**
 * Resolves a staff token in one statement that also records the activity: the session
 * must be neither revoked nor expired, used within the last 30 minutes, and its account
 * not disabled. Roles are read at every call, so a change of roles applies at once.
 */
export function staffSessionAuthenticator(db: Database, clock: Clock): StaffAuthenticator {
  return {
    async authenticate(token) {
      const now = clock.now();
      const [row] = await db
        .update(staffSessions)
        .set({ lastSeenAt: now })
        .from(staffAccounts)
        .where(
          and(
            eq(staffSessions.tokenHash, sessionTokenHash(token)),
            eq(staffAccounts.id, staffSessions.staffId),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, now),
            gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS)),
            isNull(staffAccounts.disabledAt),
          ),
        )
        .returning({
          sessionId: staffSessions.id,
          staffId: staffAccounts.id,
          username: staffAccounts.username,
          roles: staffAccounts.roles,
          mustChangePassword: staffAccounts.passwordChangeRequired,
        });
      if (!row) return null;
      return { ...row, permissions: new Set(permissionsOf(row.roles)) };
    },
  };
}

/** Sessions count toward nothing once dead; a login sweeps its account's dead ones. */
export async function sweepDeadStaffSessions(db: Database, clock: Clock, staffId: number): Promise<void> {
  const now = clock.now();
  await db
    .delete(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        sql`(${staffSessions.revokedAt} is not null or ${staffSessions.expiresAt} <= ${now} or ${staffSessions.lastSeenAt} <= ${new Date(now.getTime() - STAFF_IDLE_MS)})`,
      ),
    );
}
