import { eq } from 'drizzle-orm';
import { releaseAdminEndpoints } from '@yaoshi/contracts/releases-admin';
import { requireStaff, type StaffPrincipal } from '../auth/authenticator';
import type { RouteModule } from '../app-deps';
import { actorOf, auditedChange, type AuditEntry } from '../audit/audit-log';
import type { AuditAction } from '@yaoshi/contracts/audit-actions';
import type { Permission } from '@yaoshi/contracts/staff-roles';
import type { Database } from '../db/database';
import { ApiError, type ApiErrorCode } from '../envelope/api-error';
import { staffAccounts } from '../staff/staff-schema';
import { currentCanary, endCanary, promote, startCanary } from './registry-canaries';
import { ReleaseRefusal, type Actor, type RegistryDeps } from './registry-core';
import { pinVersion, rollback } from './registry-pins';
import { releaseHistoryOf, releaseStatus } from './registry-status';

/**
 * The staff console's 发布管理 page (issues 17 and 18): the release registry for staff whose
 * roles grant `releases.manage`. A move is recorded in the release history under the staff
 * member's name and, in the same transaction, in the audit log.
 */

/** A registry refusal (409 incompatible, 404 unknown version…) as the envelope's refusal. */
async function refusalsAsApiErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ReleaseRefusal) throw new ApiError(error.status as ApiErrorCode, error.message);
    throw error;
  }
}

/** The permission that opens releasing to a staff member (the 发布管理 role). */
export const RELEASE_PERMISSION = 'releases.manage' satisfies Permission;

/** A staff member's release move in the audit log: the remote, and the version before and after. */
export function releaseAuditEntry(
  action: AuditAction,
  result: { remote: string; version?: string; from?: string | null; to?: string | null; environment?: string },
  reason?: string,
): AuditEntry {
  const to = result.to !== undefined ? result.to : (result.version ?? null);
  return {
    action,
    target: result.remote,
    before: { version: result.from ?? null },
    after: {
      version: to,
      ...(result.environment ? { environment: result.environment } : {}),
      ...(reason?.trim() ? { reason: reason.trim() } : {}),
    },
  };
}

/** How the release history names a staff member: 姓名（用户名）. */
export async function staffReleaseActor(db: Database, staff: StaffPrincipal): Promise<Actor> {
  const [row] = await db
    .select({ name: staffAccounts.name })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staff.staffId));
  return { name: row ? `${row.name}（${staff.username}）` : staff.username };
}

export const releaseAdminRoutes: RouteModule = (api, deps) => {
  const { db, clock } = deps;
  const registryOn = (tx: Database): RegistryDeps => ({ db: tx, clock, siteDir: deps.releaseSite.siteDir });

  /** One move by a staff member: the registry's change and its audit record, one transaction. */
  const move = <T extends { remote: string; from?: string | null; to?: string | null }>(
    staff: StaffPrincipal | null,
    ip: string,
    action: AuditAction,
    change: (registry: RegistryDeps, actor: Actor) => Promise<T>,
    reason?: string,
  ): Promise<T> => {
    const me = requireStaff(staff);
    return refusalsAsApiErrors(async () => {
      const actor = await staffReleaseActor(db, me);
      return auditedChange(db, clock, actorOf(me, ip), async (tx, audit) => {
        const result = await change(registryOn(tx), actor);
        await audit(releaseAuditEntry(action, result, reason));
        return result;
      });
    });
  };

  api.add(releaseAdminEndpoints.status, async ({ payload }) => ({
    environment: payload.env,
    remotes: await releaseStatus(db, payload.env),
  }));

  api.add(releaseAdminEndpoints.history, async ({ payload }) => ({
    remote: payload.remote,
    history: await refusalsAsApiErrors(() => releaseHistoryOf(db, payload.remote)),
  }));

  api.add(releaseAdminEndpoints.pin, async ({ payload, staff, request }) =>
    move(
      staff,
      request.ip,
      'release.pin',
      (registry, actor) =>
        pinVersion(registry, actor, {
          remote: payload.remote,
          version: payload.version,
          environment: payload.env,
          reason: payload.reason,
        }),
      payload.reason,
    ),
  );

  api.add(releaseAdminEndpoints.rollback, async ({ payload, staff, request }) =>
    move(
      staff,
      request.ip,
      'release.rollback',
      (registry, actor) =>
        rollback(registry, actor, { remote: payload.remote, environment: payload.env, reason: payload.reason }),
      payload.reason,
    ),
  );

  api.add(releaseAdminEndpoints.canary, async ({ payload, staff, request }) => {
    // Exactly this canary already running: nothing changes, so no history line and no audit record.
    const running = await currentCanary(db, payload.env, payload.remote);
    if (running && running.version === payload.version && running.percent === payload.percent) {
      requireStaff(staff);
      return {
        environment: payload.env,
        remote: payload.remote,
        from: null,
        to: running.version,
        percent: running.percent,
        unchanged: true,
      };
    }
    return move(
      staff,
      request.ip,
      'release.canary',
      async (registry, actor) => {
        const started = await startCanary(registry, actor, {
          remote: payload.remote,
          version: payload.version,
          percent: payload.percent,
          environment: payload.env,
          reason: payload.reason,
        });
        return { ...started, from: null, to: started.version };
      },
      payload.reason,
    );
  });

  api.add(releaseAdminEndpoints.canaryEnd, async ({ payload, staff, request }) =>
    move(
      staff,
      request.ip,
      'release.canary-end',
      async (registry, actor) => {
        const ended = await endCanary(registry, actor, {
          remote: payload.remote,
          environment: payload.env,
          reason: payload.reason,
        });
        return { environment: ended.environment, remote: ended.remote, from: ended.version, to: null };
      },
      payload.reason,
    ),
  );

  api.add(releaseAdminEndpoints.promote, async ({ payload, staff, request }) =>
    move(
      staff,
      request.ip,
      'release.promote',
      (registry, actor) =>
        promote(registry, actor, { remote: payload.remote, environment: payload.env, reason: payload.reason }),
      payload.reason,
    ),
  );
};
