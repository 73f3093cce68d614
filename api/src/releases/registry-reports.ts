import { and, eq, sql } from 'drizzle-orm';
import { jobActor, writeAudit } from '../audit/audit-log';
import type { Database } from '../db/database';
import { DEFAULT_AUTO_ROLLBACK, canaryFails, failureRate, type CanaryEvidence } from './canary';
import { createReportBudget, hourWindow, type ReportBudget } from './report-budget';
import { releaseCanaries, releaseCanaryVisitors, releaseLoadCounts, releaseVersions } from './releases-schema';

import { type CanaryState, endCanary } from './registry-canaries';
import { type Environment, type RegistryDeps, ReleaseRefusal } from './registry-core';

/**
 * The shells' load and failure reports, and the automatic end of a failing canary.
 */
// ── Failure reports and automatic rollback ──────────────────────────────────────────────

export type ReportKind = 'load' | 'load-error' | 'render-error';
export const REPORT_KINDS: readonly ReportKind[] = ['load', 'load-error', 'render-error'];

/** The largest count one report line may carry (a shell sends at most one batch every 10 s). */
export const MAX_REPORT_COUNT = 100;

export interface ReportLine {
  remote: string;
  version: string;
  kind: ReportKind;
  count: number;
}

export interface ReportBatch {
  /** The environment the reporting server serves (its visitors' pins document). */
  environment: Environment;
  /** Who sent it (the request's address): what it may add is bounded by `budget`. */
  address: string;
  /** The browser's id (`yaoshi_vid`), when it sent one: only then does it count as a canary's evidence. */
  visitor?: string;
  lines: readonly ReportLine[];
}

/** A report line's loads (a failed load was a load too) and failures. */
export function loadsAndFailures(kind: ReportKind, count: number): { loads: number; failures: number } {
  return {
    loads: kind === 'load' || kind === 'load-error' ? count : 0,
    failures: kind === 'load-error' || kind === 'render-error' ? count : 0,
  };
}

/**
 * Adds the shell's counts (only for published versions) to the environment's counts, each
 * within what the address may still add (see report-budget.ts), then ends any canary past
 * the threshold.
 */
export async function recordReports(
  deps: RegistryDeps,
  batch: ReportBatch,
  budget: ReportBudget = createReportBudget(),
): Promise<CanaryState[]> {
  const now = deps.clock.now();
  const known = await deps.db
    .select({ remote: releaseVersions.remote, version: releaseVersions.version })
    .from(releaseVersions);
  const canaries = await deps.db
    .select()
    .from(releaseCanaries)
    .where(eq(releaseCanaries.environment, batch.environment));
  const isKnown = (line: ReportLine) => known.some((v) => v.remote === line.remote && v.version === line.version);
  for (const line of batch.lines.filter(isKnown)) {
    const canary = canaries.find((c) => c.remote === line.remote && c.version === line.version);
    const window = canary ? `canary:${canary.startedAt.getTime()}` : hourWindow(now.getTime());
    const count = budget.take(
      { address: batch.address, environment: batch.environment, remote: line.remote, version: line.version, window },
      Math.min(line.count, MAX_REPORT_COUNT),
    );
    if (count === 0) continue;
    await deps.db
      .insert(releaseLoadCounts)
      .values({
        environment: batch.environment,
        remote: line.remote,
        version: line.version,
        kind: line.kind,
        count,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [
          releaseLoadCounts.environment,
          releaseLoadCounts.remote,
          releaseLoadCounts.version,
          releaseLoadCounts.kind,
        ],
        set: { count: sql`${releaseLoadCounts.count} + ${count}`, updatedAt: now },
      });
    if (canary && batch.visitor) {
      const { loads, failures } = loadsAndFailures(line.kind, count);
      await deps.db
        .insert(releaseCanaryVisitors)
        .values({
          environment: batch.environment,
          remote: line.remote,
          version: line.version,
          visitor: batch.visitor,
          address: batch.address,
          loads,
          failures,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [
            releaseCanaryVisitors.environment,
            releaseCanaryVisitors.remote,
            releaseCanaryVisitors.version,
            releaseCanaryVisitors.visitor,
          ],
          set: {
            loads: sql`${releaseCanaryVisitors.loads} + ${loads}`,
            failures: sql`${releaseCanaryVisitors.failures} + ${failures}`,
            updatedAt: now,
          },
        });
    }
  }
  return checkCanaries(deps);
}

/**
 * A canary's evidence from its visitors: each one's failures count up to the loads it
 * reported itself (a failure without a load of its own is no evidence), and who failed is
 * counted by browser and by address.
 */
export async function canaryEvidence(
  db: Database,
  canary: { environment: string; remote: string; version: string },
): Promise<CanaryEvidence> {
  const counted = sql`least(${releaseCanaryVisitors.failures}, ${releaseCanaryVisitors.loads})`;
  const [row] = await db
    .select({
      loads: sql<string>`coalesce(sum(${releaseCanaryVisitors.loads}), 0)`,
      failures: sql<string>`coalesce(sum(${counted}), 0)`,
      failingBrowsers: sql<string>`count(*) filter (where ${counted} > 0)`,
      failingAddresses: sql<string>`count(distinct ${releaseCanaryVisitors.address}) filter (where ${counted} > 0)`,
    })
    .from(releaseCanaryVisitors)
    .where(
      and(
        eq(releaseCanaryVisitors.environment, canary.environment),
        eq(releaseCanaryVisitors.remote, canary.remote),
        eq(releaseCanaryVisitors.version, canary.version),
      ),
    );
  return {
    loads: Number(row?.loads ?? 0),
    failures: Number(row?.failures ?? 0),
    failingBrowsers: Number(row?.failingBrowsers ?? 0),
    failingAddresses: Number(row?.failingAddresses ?? 0),
  };
}

/** How the audit trail names the automatic end of a failing canary: a 系统任务. */
export const AUTO_ROLLBACK_JOB = 'canary-auto-rollback';

/** Ends every canary whose version fails more than the threshold allows, recording an auto-rollback. */
export async function checkCanaries(deps: RegistryDeps): Promise<CanaryState[]> {
  const threshold = deps.autoRollback ?? DEFAULT_AUTO_ROLLBACK;
  const canaries = await deps.db.select().from(releaseCanaries);
  if (canaries.length === 0) return [];
  const ended: CanaryState[] = [];
  for (const canary of canaries) {
    const evidence = await canaryEvidence(deps.db, canary);
    if (!canaryFails(evidence, threshold)) continue;
    const reason = `失败率 ${(failureRate(evidence) * 100).toFixed(1)}%（${evidence.failures}/${evidence.loads} 次加载，来自 ${evidence.failingBrowsers} 个浏览器、${evidence.failingAddresses} 个网络地址）超过阈值 ${(threshold.failureRate * 100).toFixed(1)}%，自动回滚`;
    try {
      ended.push(
        await deps.db.transaction(async (tx) => {
          const state = await endCanary(
            { ...deps, db: tx },
            { name: 'system' },
            { remote: canary.remote, environment: canary.environment as Environment, reason },
            'auto-rollback',
          );
          await writeAudit(tx, deps.clock, jobActor(AUTO_ROLLBACK_JOB), {
            action: 'release.auto-rollback',
            target: canary.remote,
            before: { canary: canary.version, percent: canary.percent },
            after: { canary: null, environment: canary.environment, reason },
          });
          return state;
        }),
      );
    } catch (error) {
      if (!(error instanceof ReleaseRefusal)) throw error; // another server ended it first
    }
  }
  return ended;
}
