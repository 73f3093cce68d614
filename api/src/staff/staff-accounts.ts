import { randomInt } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  type AdminLoginRequest,
  type AdminLoginResponse,
  type StaffCredentials,
  type StaffPasswordChangeRequest,
  type StaffRow,
} from '@yaoshi/contracts/staff-admin';
import { permissionsOf, type StaffRole } from '@yaoshi/contracts/staff-roles';
import type { Clock } from '../clock';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { ApiError, badInput, conflict, notFound } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import {
  MAX_PASSWORD_FAILURES,
  PASSWORD_FAILURE_WINDOW_MS,
  PASSWORD_LOCK_MS,
  minutesLocked,
} from '../accounts/password-lockout';
import { hashPassword, type PasswordHasher } from '../accounts/passwords';
import { actorOf, auditedChange, writeAudit, type AuditActor, type Audit } from '../audit/audit-log';
import type { StaffPrincipal } from '../auth/authenticator';
import { staffAccounts, staffLoginFailures, staffSessions } from './staff-schema';
import { openStaffSession, revokeAllStaffSessions, sweepDeadStaffSessions } from './staff-sessions';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp';

/** Failed staff logins from one address within the lockout window before that address waits. */
export const MAX_STAFF_FAILURES_PER_IP = 20;

type StaffAccountRow = typeof staffAccounts.$inferSelect;

/** 16 characters from an alphabet without look-alikes (no 0/O, 1/l/I): about 93 bits. */
export function generateStaffPassword(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  let password = '';
  for (let i = 0; i < 16; i += 1) password += alphabet[randomInt(alphabet.length)];
  return password;
}

export interface NewStaff {
  username: string;
  name: string;
  roles: readonly StaffRole[];
  /** Demo accounts bring their own; otherwise generated. */
  password?: string;
  totpSecret?: string;
}

/** Creates a staff account inside `tx` and audits it; returns the credentials to hand over once. */
export async function createStaff(
  tx: Database,
  clock: Clock,
  audit: Audit,
  staff: NewStaff,
): Promise<StaffCredentials> {
  const [taken] = await tx
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(eq(staffAccounts.username, staff.username))
    .limit(1);
  if (taken) throw conflict(MESSAGES.staffUsernameTaken);
  const password = staff.password ?? generateStaffPassword();
  const secret = staff.totpSecret ?? newTotpSecret();
  const now = clock.now();
  const roles = [...new Set(staff.roles)];
  const [row] = await tx
    .insert(staffAccounts)
    .values({
      username: staff.username,
      name: staff.name,
      passwordHash: await hashPassword(password),
      totpSecret: secret,
      roles,
      // A generated password is known to whoever handed it over: its owner replaces it first.
      passwordChangeRequired: staff.password === undefined,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: staffAccounts.id });
  if (!row) throw new Error('staff account not created');
  // Never the password or the secret: the audit trail is read by more people than the account's owner.
  await audit({
    action: 'staff.create',
    target: staff.username,
    after: { username: staff.username, name: staff.name, roles },
  });
  return { username: staff.username, password, otpauth: totpUri(staff.username, secret), secret };
}

/** The same from the command line (`npm run admin -- create-staff`), audited as the command line. */
export async function createStaffAudited(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  staff: NewStaff,
): Promise<StaffCredentials> {
  return auditedChange(db, clock, actor, (tx, audit) => createStaff(tx, clock, audit, staff));
}

/**
 * The login guard, as the audit trail names it when it locks an account: a rule of the
 * system, triggered by an attempt from `ip`.
 */
function loginGuardActor(ip: string): AuditActor {
  return { staffId: null, username: '登录保护', roles: [], ip, kind: 'job' };
}

/** A failed login for a user name that does not exist: it counts against the address only. */
async function recordUnknownUserFailure(db: Database, clock: Clock, ip: string): Promise<void> {
  await db.insert(staffLoginFailures).values({ staffId: null, ip, failedAt: clock.now() });
}

/** Failures counted against `staffId` within the window (reserved attempts included), in `tx`. */
async function accountFailures(tx: Database, clock: Clock, staffId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(staffLoginFailures)
    .where(
      and(
        eq(staffLoginFailures.staffId, staffId),
        gt(staffLoginFailures.failedAt, new Date(clock.nowMs() - PASSWORD_FAILURE_WINDOW_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Claims the right to check one staff login, atomically, as the learner's lockout does: under
 * a lock on the account's row, a locked account is refused, and so is an attempt when
 * MAX_PASSWORD_FAILURES attempts in the window have failed or are still being checked.
 * Otherwise the attempt is recorded as a failure before the (slow) check, so however many
 * arrive at once, on however many servers, at most MAX_PASSWORD_FAILURES are ever checked.
 */
async function reserveStaffAttempt(
  db: Database,
  clock: Clock,
  staffId: number,
  ip: string,
): Promise<{ attemptId: number } | { lockedMinutes: number }> {
  return db.transaction(async (tx) => {
    const [staff] = await tx
      .select({ lockedUntil: staffAccounts.lockedUntil })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId))
      .for('update');
    const locked = minutesLocked(staff?.lockedUntil ?? null, clock.now());
    if (locked !== null) return { lockedMinutes: locked };
    if ((await accountFailures(tx, clock, staffId)) >= MAX_PASSWORD_FAILURES)
      return { lockedMinutes: PASSWORD_LOCK_MS / 60_000 };
    const [attempt] = await tx
      .insert(staffLoginFailures)
      .values({ staffId, ip, failedAt: clock.now() })
      .returning({ id: staffLoginFailures.id });
    return { attemptId: attempt!.id };
  });
}

/**
 * A reserved attempt failed: it stays counted, and when it makes MAX_PASSWORD_FAILURES
 * within the window the account is locked for 15 minutes (audited, as the login guard) and
 * its failures stop counting against it (the address limit still counts them).
 */
async function recordStaffFailure(
  db: Database,
  clock: Clock,
  staff: StaffAccountRow,
  ip: string,
): Promise<number | null> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ lockedUntil: staffAccounts.lockedUntil })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staff.id))
      .for('update');
    const locked = minutesLocked(row?.lockedUntil ?? null, now);
    if (locked !== null) return locked;
    if ((await accountFailures(tx, clock, staff.id)) < MAX_PASSWORD_FAILURES) return null;
    const lockedUntil = new Date(now.getTime() + PASSWORD_LOCK_MS);
    await tx.update(staffAccounts).set({ lockedUntil }).where(eq(staffAccounts.id, staff.id));
    await tx.update(staffLoginFailures).set({ staffId: null }).where(eq(staffLoginFailures.staffId, staff.id));
    await writeAudit(tx, clock, loginGuardActor(ip), {
      action: 'staff.lock',
      target: staff.username,
      before: { locked_until: null },
      after: { locked_until: formatBeijingTime(lockedUntil) },
    });
    return PASSWORD_LOCK_MS / 60_000;
  });
}

async function ipFailures(db: Database, clock: Clock, ip: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffLoginFailures)
    .where(
      and(
        eq(staffLoginFailures.ip, ip),
        gt(staffLoginFailures.failedAt, new Date(clock.nowMs() - PASSWORD_FAILURE_WINDOW_MS)),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Password and TOTP code together; a wrong one of either counts as one failure and the
 * answer never says which was wrong. Five failures within 15 minutes lock the account for
 * 15 minutes; twenty from one address make that address wait. The check runs in a slot
 * of the same bounded password pool as learners' logins.
 */
export async function loginStaff(
  db: Database,
  clock: Clock,
  passwords: PasswordHasher,
  credentials: AdminLoginRequest,
  ip: string,
): Promise<AdminLoginResponse> {
  return passwords.exclusive(() => checkStaffLogin(db, clock, passwords, credentials, ip));
}

async function checkStaffLogin(
  db: Database,
  clock: Clock,
  passwords: PasswordHasher,
  credentials: AdminLoginRequest,
  ip: string,
): Promise<AdminLoginResponse> {
  if ((await ipFailures(db, clock, ip)) >= MAX_STAFF_FAILURES_PER_IP)
    throw new ApiError(429, MESSAGES.staffIpLimited(PASSWORD_LOCK_MS / 60_000));
  const [staff] = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.username, credentials.username.trim()))
    .limit(1);
  if (!staff) {
    await passwords.spendVerificationTime(credentials.password);
    await recordUnknownUserFailure(db, clock, ip);
    throw badInput(MESSAGES.staffWrongCredentials);
  }
  const attempt = await reserveStaffAttempt(db, clock, staff.id, ip);
  if ('lockedMinutes' in attempt) throw new ApiError(429, MESSAGES.staffLocked(attempt.lockedMinutes));
  const passwordOk = await passwords.verify(staff.passwordHash, credentials.password);
  const step = passwordOk
    ? acceptedTotpStep(staff.totpSecret, credentials.otp, clock.nowMs(), staff.lastTotpStep)
    : null;
  if (step === null) {
    const lockedNow = await recordStaffFailure(db, clock, staff, ip);
    if (lockedNow !== null) throw new ApiError(429, MESSAGES.staffLocked(lockedNow));
    throw badInput(MESSAGES.staffWrongCredentials);
  }
  // Checked after the credentials, so the answer does not tell a stranger the account exists.
  if (staff.disabledAt !== null) throw new ApiError(403, MESSAGES.staffDisabled);
  const actor: AuditActor = { staffId: staff.id, username: staff.username, roles: staff.roles, ip };
  const token = await auditedChange(db, clock, actor, async (tx, audit) => {
    // A concurrent attempt may have locked the account while this one was checked.
    const [current] = await tx
      .select({ lockedUntil: staffAccounts.lockedUntil })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staff.id))
      .for('update');
    const lockedMeanwhile = minutesLocked(current?.lockedUntil ?? null, clock.now());
    if (lockedMeanwhile !== null) throw new ApiError(429, MESSAGES.staffLocked(lockedMeanwhile));
    // The step is claimed conditionally: two logins racing with one code, one wins.
    const claimed = await tx
      .update(staffAccounts)
      .set({ lastTotpStep: step, lastLoginAt: clock.now(), lockedUntil: null })
      .where(and(eq(staffAccounts.id, staff.id), sql`coalesce(${staffAccounts.lastTotpStep}, -1) < ${step}`))
      .returning({ id: staffAccounts.id });
    if (claimed.length === 0) throw badInput(MESSAGES.staffWrongCredentials);
    // This attempt was no failure after all; earlier ones stop counting against the account.
    await tx.delete(staffLoginFailures).where(eq(staffLoginFailures.id, attempt.attemptId));
    await tx.update(staffLoginFailures).set({ staffId: null }).where(eq(staffLoginFailures.staffId, staff.id));
    await sweepDeadStaffSessions(tx, clock, staff.id);
    await audit({ action: 'staff.login', target: staff.username });
    return openStaffSession(tx, clock, staff.id);
  });
  return {
    token,
    username: staff.username,
    name: staff.name,
    roles: staff.roles,
    permissions: permissionsOf(staff.roles),
    must_change_password: staff.passwordChangeRequired,
  };
}

export async function staffSelf(db: Database, staffId: number) {
  const [staff] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).limit(1);
  if (!staff) throw notFound(MESSAGES.staffNotFound);
  return {
    username: staff.username,
    name: staff.name,
    roles: staff.roles,
    permissions: permissionsOf(staff.roles),
    must_change_password: staff.passwordChangeRequired,
  };
}

/**
 * A staff member replaces their own password (the generated one at first login, or any time):
 * the current one is checked in a slot of the password pool; the change ends the account's
 * other sessions and is audited without either password.
 */
export async function changeStaffPassword(
  db: Database,
  clock: Clock,
  passwords: PasswordHasher,
  me: StaffPrincipal,
  ip: string,
  change: StaffPasswordChangeRequest,
): Promise<void> {
  const [staff] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, me.staffId)).limit(1);
  if (!staff) throw notFound(MESSAGES.staffNotFound);
  const currentOk = await passwords.exclusive(() => passwords.verify(staff.passwordHash, change.current_password));
  if (!currentOk) throw badInput(ADMIN_MESSAGES.currentPasswordWrong);
  const passwordHash = await passwords.hash(change.new_password);
  await auditedChange(db, clock, actorOf(me, ip), async (tx, audit) => {
    await tx
      .update(staffAccounts)
      .set({ passwordHash, passwordChangeRequired: false, updatedAt: clock.now() })
      .where(eq(staffAccounts.id, staff.id));
    await tx
      .update(staffSessions)
      .set({ revokedAt: clock.now() })
      .where(
        and(eq(staffSessions.staffId, staff.id), isNull(staffSessions.revokedAt), ne(staffSessions.id, me.sessionId)),
      );
    await audit({
      action: 'staff.password-change',
      target: staff.username,
      before: { must_change_password: staff.passwordChangeRequired },
      after: { must_change_password: false },
    });
  });
}

export async function listStaff(db: Database, clock: Clock): Promise<StaffRow[]> {
  const rows = await db.select().from(staffAccounts).orderBy(asc(staffAccounts.id));
  const now = clock.now();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    roles: row.roles,
    disabled: row.disabledAt !== null,
    locked: minutesLocked(row.lockedUntil, now) !== null,
    created_at: formatBeijingTime(row.createdAt),
    last_login_at: row.lastLoginAt ? formatBeijingTime(row.lastLoginAt) : null,
  }));
}

export interface StaffChange {
  id: number;
  roles?: readonly StaffRole[] | undefined;
  disabled?: boolean | undefined;
}

const ADMIN_ROLE: StaffRole = '管理员';

/** Changes roles or disables/enables an account; disabling ends its sessions. Never leaves no active 管理员. */
export async function updateStaff(tx: Database, clock: Clock, audit: Audit, change: StaffChange): Promise<void> {
  const [staff] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, change.id)).for('update').limit(1);
  if (!staff) throw notFound(MESSAGES.staffNotFound);
  const roles = change.roles ? [...new Set(change.roles)] : staff.roles;
  const disabled = change.disabled ?? staff.disabledAt !== null;
  const wasActiveAdmin = staff.disabledAt === null && staff.roles.includes(ADMIN_ROLE);
  if (wasActiveAdmin && (disabled || !roles.includes(ADMIN_ROLE))) {
    const [others] = await tx
      .select({ n: count() })
      .from(staffAccounts)
      .where(
        and(
          isNull(staffAccounts.disabledAt),
          sql`${ADMIN_ROLE} = any(${staffAccounts.roles})`,
          sql`${staffAccounts.id} <> ${staff.id}`,
        ),
      );
    if (Number(others?.n ?? 0) === 0) throw conflict(MESSAGES.staffLastAdmin);
  }
  const now = clock.now();
  await tx
    .update(staffAccounts)
    .set({ roles, disabledAt: disabled ? (staff.disabledAt ?? now) : null, updatedAt: now })
    .where(eq(staffAccounts.id, staff.id));
  if (disabled) await revokeAllStaffSessions(tx, clock, staff.id);
  await audit({
    action: 'staff.update',
    target: staff.username,
    before: { roles: staff.roles, disabled: staff.disabledAt !== null },
    after: { roles, disabled },
  });
}
