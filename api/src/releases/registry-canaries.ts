import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { RELEASE_MESSAGES } from './release-messages';
import { releaseCanaries, releaseCanaryVisitors, releaseLoadCounts } from './releases-schema';
import type { ReleaseAction } from './releases-schema';

import {
  type Actor,
  type Environment,
  type RegistryDeps,
  proveCompatible,
  refuse,
  requireRemote,
  requireVersion,
} from './registry-core';
import { type PinMove, currentPin, movePin, recordHistory } from './registry-pins';

/**
 * Canaries: a version served to a share of visitors beside the pin, promoted or ended.
 */
export interface CanaryState {
  environment: Environment;
  remote: string;
  version: string;
  percent: number;
}

/** A canary started, or `unchanged` when exactly this canary was already running. */
export type CanaryStart = CanaryState & { unchanged: boolean };

export async function startCanary(
  deps: RegistryDeps,
  actor: Actor,
  input: { remote: string; version: string; percent: number; environment: Environment; reason?: string },
): Promise<CanaryStart> {
  if (!Number.isInteger(input.percent) || input.percent < 1 || input.percent > 99)
    refuse(400, RELEASE_MESSAGES.percentInvalid);
  const row = await requireVersion(deps.db, input.remote, input.version);
  const pinned = await currentPin(deps.db, input.environment, input.remote);
  if (!pinned) refuse(409, RELEASE_MESSAGES.notPinned(input.remote));
  if (pinned === input.version) refuse(409, RELEASE_MESSAGES.canaryIsPin(input.remote, input.version));
  const state = {
    environment: input.environment,
    remote: input.remote,
    version: input.version,
    percent: input.percent,
  };
  // The same canary again changes nothing: its loads keep counting and the history gets no second line.
  const running = await currentCanary(deps.db, input.environment, input.remote);
  if (running && running.version === input.version && running.percent === input.percent)
    return { ...state, unchanged: true };
  await proveCompatible(deps, row.manifest);
  const reason = input.reason?.trim() || '开始灰度';
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // A canary is judged on its own loads: earlier counts of this version here start over.
    await tx
      .delete(releaseCanaryVisitors)
      .where(
        and(
          eq(releaseCanaryVisitors.environment, input.environment),
          eq(releaseCanaryVisitors.remote, input.remote),
          eq(releaseCanaryVisitors.version, input.version),
        ),
      );
    await tx
      .delete(releaseLoadCounts)
      .where(
        and(
          eq(releaseLoadCounts.environment, input.environment),
          eq(releaseLoadCounts.remote, input.remote),
          eq(releaseLoadCounts.version, input.version),
        ),
      );
    await tx
      .insert(releaseCanaries)
      .values({
        environment: input.environment,
        remote: input.remote,
        version: input.version,
        percent: input.percent,
        startedBy: actor.name,
        startedAt: now,
      })
      .onConflictDoUpdate({
        target: [releaseCanaries.environment, releaseCanaries.remote],
        set: { version: input.version, percent: input.percent, startedBy: actor.name, startedAt: now },
      });
    await recordHistory(tx, deps.clock, {
      environment: input.environment,
      remote: input.remote,
      action: 'canary',
      from: pinned,
      to: input.version,
      reason: `${reason}（${input.percent}%）`,
      actor: actor.name,
    });
  });
  return { ...state, unchanged: false };
}

export async function currentCanary(db: Database, environment: Environment, remote: string) {
  const [row] = await db
    .select()
    .from(releaseCanaries)
    .where(and(eq(releaseCanaries.environment, environment), eq(releaseCanaries.remote, remote)));
  return row;
}

/** The canary becomes the pin. */
export async function promote(
  deps: RegistryDeps,
  actor: Actor,
  input: { remote: string; environment: Environment; reason?: string },
): Promise<PinMove> {
  await requireRemote(deps.db, input.remote);
  const canary = await currentCanary(deps.db, input.environment, input.remote);
  if (!canary) refuse(409, RELEASE_MESSAGES.noCanary(input.remote));
  const row = await requireVersion(deps.db, input.remote, canary.version);
  await proveCompatible(deps, row.manifest);
  return movePin(deps, actor, {
    environment: input.environment,
    remote: input.remote,
    to: canary.version,
    action: 'promote',
    reason: input.reason?.trim() || '灰度转正',
  });
}

/** Ends a canary without pinning it (by hand, or automatically on failures). */
export async function endCanary(
  deps: RegistryDeps,
  actor: Actor,
  input: { remote: string; environment: Environment; reason: string },
  action: Extract<ReleaseAction, 'canary-end' | 'auto-rollback'> = 'canary-end',
): Promise<CanaryState> {
  return deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(releaseCanaries)
      .where(and(eq(releaseCanaries.environment, input.environment), eq(releaseCanaries.remote, input.remote)))
      .returning();
    if (!ended) refuse(409, RELEASE_MESSAGES.noCanary(input.remote));
    const pinned = await currentPin(tx, input.environment, input.remote);
    await recordHistory(tx, deps.clock, {
      environment: input.environment,
      remote: input.remote,
      action,
      from: ended.version,
      to: pinned,
      reason: input.reason,
      actor: actor.name,
    });
    return { environment: input.environment, remote: input.remote, version: ended.version, percent: ended.percent };
  });
}
