import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { RELEASE_MESSAGES } from './release-messages';
import { releaseCanaries, releaseHistory, releasePins } from './releases-schema';
import type { ReleaseAction } from './releases-schema';

import {
  type Actor,
  type Environment,
  type RegistryDeps,
  proveCompatible,
  refuse,
  requireReason,
  requireRemote,
  requireVersion,
} from './registry-core';

/**
 * Pins: the version each environment serves of a remote, moved by pin, promote and rollback, each move with its history line.
 */
// ── Moving pins ─────────────────────────────────────────────────────────────────────────

export interface PinMove {
  environment: Environment;
  remote: string;
  from: string | null;
  to: string;
}

export async function recordHistory(
  db: Database,
  clock: Clock,
  entry: {
    environment: Environment;
    remote: string;
    action: ReleaseAction;
    from: string | null;
    to: string | null;
    reason: string;
    actor: string;
  },
): Promise<void> {
  await db.insert(releaseHistory).values({
    environment: entry.environment,
    remote: entry.remote,
    action: entry.action,
    fromVersion: entry.from,
    toVersion: entry.to,
    reason: entry.reason,
    actor: entry.actor,
    at: clock.now(),
  });
}

export async function currentPin(db: Database, environment: Environment, remote: string): Promise<string | null> {
  const [row] = await db
    .select({ version: releasePins.version })
    .from(releasePins)
    .where(and(eq(releasePins.environment, environment), eq(releasePins.remote, remote)));
  return row?.version ?? null;
}

/** One move of a pin: where, to which version, why, and (a rollback) the pin it was decided on. */
export interface PinMoveRequest {
  environment: Environment;
  remote: string;
  to: string;
  action: Extract<ReleaseAction, 'pin' | 'promote' | 'rollback'>;
  reason: string;
  /** The pin the move was decided on (a rollback): refused if another move came first. */
  expectedFrom?: string | null;
}

/** Moves the pin and writes its history line in one transaction. */
export async function movePin(deps: RegistryDeps, actor: Actor, move: PinMoveRequest): Promise<PinMove> {
  const { environment, remote, to, action, reason, expectedFrom } = move;
  return deps.db.transaction(async (tx) => {
    // Lock the pin row (if any) so two moves of one pin are ordered and each sees the other's result.
    const [locked] = await tx
      .select({ version: releasePins.version })
      .from(releasePins)
      .where(and(eq(releasePins.environment, environment), eq(releasePins.remote, remote)))
      .for('update');
    const from = locked?.version ?? null;
    if (expectedFrom !== undefined && from !== expectedFrom) refuse(409, RELEASE_MESSAGES.pinMovedMeanwhile(remote));
    const now = deps.clock.now();
    await tx
      .insert(releasePins)
      .values({ environment, remote, version: to, updatedBy: actor.name, updatedAt: now })
      .onConflictDoUpdate({
        target: [releasePins.environment, releasePins.remote],
        set: { version: to, updatedBy: actor.name, updatedAt: now },
      });
    // A canary of the version now pinned has nothing left to do.
    await tx
      .delete(releaseCanaries)
      .where(
        and(
          eq(releaseCanaries.environment, environment),
          eq(releaseCanaries.remote, remote),
          eq(releaseCanaries.version, to),
        ),
      );
    await recordHistory(tx, deps.clock, { environment, remote, action, from, to, reason, actor: actor.name });
    return { environment, remote, from, to };
  });
}

export async function pinVersion(
  deps: RegistryDeps,
  actor: Actor,
  input: { remote: string; version: string; environment: Environment; reason: string | undefined },
): Promise<PinMove> {
  const reason = requireReason(input.reason);
  const row = await requireVersion(deps.db, input.remote, input.version);
  if ((await currentPin(deps.db, input.environment, input.remote)) === input.version) {
    refuse(409, RELEASE_MESSAGES.alreadyPinned(input.remote, input.version));
  }
  await proveCompatible(deps, row.manifest);
  return movePin(deps, actor, {
    environment: input.environment,
    remote: input.remote,
    to: input.version,
    action: 'pin',
    reason,
  });
}

/** Actions that moved a pin forward (each pushes a version) or back (each pops one). */
export const PIN_FORWARD: readonly ReleaseAction[] = ['pin', 'promote'];
export const PIN_BACK: readonly ReleaseAction[] = ['rollback'];

/**
 * The version a rollback goes back to: the pin history read as a stack, where each pin or
 * promote pushes its version and each rollback pops the version it left. So pins
 * 1.0 → 1.1 → 1.2, rollback → 1.1, rollback again → 1.0 (never back to 1.2, the version
 * already rolled back from). Null when there is nothing under the current pin.
 */
export function rollbackTarget(
  moves: readonly { action: ReleaseAction; toVersion: string | null }[],
  current: string | null,
): string | null {
  const stack: string[] = [];
  for (const move of moves) {
    if (PIN_FORWARD.includes(move.action) && move.toVersion) {
      if (stack.at(-1) !== move.toVersion) stack.push(move.toVersion);
    } else if (PIN_BACK.includes(move.action)) {
      stack.pop();
      // Keep the stack's top at the version the rollback landed on, whatever came before.
      if (move.toVersion && stack.at(-1) !== move.toVersion) stack.push(move.toVersion);
    }
  }
  if (current === null || stack.at(-1) !== current) return null;
  return stack.at(-2) ?? null;
}

/**
 * Back to the version pinned before the current one. A second rollback goes one step
 * further back (see rollbackTarget), and the version gone back to passes the same
 * compatibility check as a pin, against the shell that is live now.
 */
export async function rollback(
  deps: RegistryDeps,
  actor: Actor,
  input: { remote: string; environment: Environment; reason: string | undefined },
): Promise<PinMove> {
  const reason = requireReason(input.reason);
  await requireRemote(deps.db, input.remote);
  const current = await currentPin(deps.db, input.environment, input.remote);
  const moves = await deps.db
    .select({ action: releaseHistory.action, toVersion: releaseHistory.toVersion })
    .from(releaseHistory)
    .where(
      and(
        eq(releaseHistory.environment, input.environment),
        eq(releaseHistory.remote, input.remote),
        inArray(releaseHistory.action, [...PIN_FORWARD, ...PIN_BACK]),
      ),
    )
    .orderBy(releaseHistory.id);
  const previous = rollbackTarget(moves, current);
  if (!previous) refuse(409, RELEASE_MESSAGES.nothingToRollBack(input.remote));
  const row = await requireVersion(deps.db, input.remote, previous);
  await proveCompatible(deps, row.manifest);
  return movePin(deps, actor, {
    environment: input.environment,
    remote: input.remote,
    to: previous,
    action: 'rollback',
    reason,
    expectedFrom: current,
  });
}
