import { and, desc, eq, inArray } from 'drizzle-orm';
import { beijingIsoTime } from '@yaoshi/contracts/beijing-time';
import type { Database } from '../db/database';
import { failureRate } from './canary';
import {
  releaseCanaries,
  releaseHistory,
  releaseLoadCounts,
  releasePins,
  releaseRemotes,
  releaseVersions,
} from './releases-schema';

import { type Environment, requireRemote } from './registry-core';
import { PIN_BACK, PIN_FORWARD, rollbackTarget } from './registry-pins';

/**
 * The release page's status and history.
 */
// ── Status and history ──────────────────────────────────────────────────────────────────

export interface VersionHealth {
  version: string;
  loads: number;
  failures: number;
  /** failures / loads, 0 with no loads. */
  failureRate: number;
}

export interface RemoteStatus {
  remote: string;
  section: string;
  federationName: string;
  pinned: string | null;
  canary: { version: string; percent: number } | null;
  versions: string[];
  health: VersionHealth[];
  /** Where 回滚 would go (the pin before the current one), or null: nothing to roll back to. */
  rollbackTo: string | null;
}

export async function loadCounts(db: Database, environment: Environment): Promise<Map<string, VersionHealth>> {
  const rows = await db.select().from(releaseLoadCounts).where(eq(releaseLoadCounts.environment, environment));
  const byVersion = new Map<string, VersionHealth>();
  for (const row of rows) {
    const key = `${row.remote}\0${row.version}`;
    const health = byVersion.get(key) ?? { version: row.version, loads: 0, failures: 0, failureRate: 0 };
    if (row.kind === 'load' || row.kind === 'load-error') health.loads += row.count;
    if (row.kind === 'load-error' || row.kind === 'render-error') health.failures += row.count;
    health.failureRate = failureRate(health);
    byVersion.set(key, health);
  }
  return byVersion;
}

export async function releaseStatus(db: Database, environment: Environment): Promise<RemoteStatus[]> {
  const remotes = await db.select().from(releaseRemotes).orderBy(releaseRemotes.key);
  const pins = await db.select().from(releasePins).where(eq(releasePins.environment, environment));
  const canaries = await db.select().from(releaseCanaries).where(eq(releaseCanaries.environment, environment));
  const versions = await db
    .select({
      remote: releaseVersions.remote,
      version: releaseVersions.version,
      publishedAt: releaseVersions.publishedAt,
    })
    .from(releaseVersions)
    .orderBy(releaseVersions.publishedAt);
  const counts = await loadCounts(db, environment);
  const pinMoves = await db
    .select({ remote: releaseHistory.remote, action: releaseHistory.action, toVersion: releaseHistory.toVersion })
    .from(releaseHistory)
    .where(
      and(eq(releaseHistory.environment, environment), inArray(releaseHistory.action, [...PIN_FORWARD, ...PIN_BACK])),
    )
    .orderBy(releaseHistory.id);
  return remotes.map((remote) => {
    const pinned = pins.find((p) => p.remote === remote.key)?.version ?? null;
    const own = versions.filter((v) => v.remote === remote.key).map((v) => v.version);
    const canary = canaries.find((c) => c.remote === remote.key);
    return {
      remote: remote.key,
      section: remote.section,
      federationName: remote.federationName,
      pinned,
      canary: canary ? { version: canary.version, percent: canary.percent } : null,
      rollbackTo: rollbackTarget(
        pinMoves.filter((move) => move.remote === remote.key),
        pinned,
      ),
      versions: own,
      health: own.flatMap((version) => {
        const health = counts.get(`${remote.key}\0${version}`);
        return health ? [health] : [];
      }),
    };
  });
}

export interface HistoryLine {
  /** ISO 8601 with Beijing's offset (+08:00): programs read it; tables show it as Beijing time. */
  at: string;
  environment: string;
  action: string;
  from: string | null;
  to: string | null;
  actor: string;
  reason: string;
}

export async function releaseHistoryOf(db: Database, remote: string, limit = 200): Promise<HistoryLine[]> {
  await requireRemote(db, remote);
  const rows = await db
    .select()
    .from(releaseHistory)
    .where(eq(releaseHistory.remote, remote))
    .orderBy(desc(releaseHistory.id))
    .limit(limit);
  return rows.map((row) => ({
    at: beijingIsoTime(row.at),
    environment: row.environment,
    action: row.action,
    from: row.fromVersion,
    to: row.toVersion,
    actor: row.actor,
    reason: row.reason,
  }));
}
