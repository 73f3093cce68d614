import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { PAY_STATUS } from '@yaoshi/contracts/order-states';
import type { Config } from '../config';
import { rowsOf, type Database, type PoolStats } from '../db/database';
import { readNewestBackup } from '../backup/backup-metrics';
import { orders } from '../orders/orders-schema';

/**
 * What an operator's Prometheus scrapes at GET /metrics: request rate and latency by route
 * and status, database pool use, progress reports accepted or refused by reason, orders by
 * payment state, and Node's own process metrics. One registry per app (not prom-client's
 * global one), so several apps in one process (tests) never share counters.
 */
export const METRICS_PATH = '/metrics';

export interface AppMetrics {
  registry: Registry;
  /** A progress report judged: `reason` is the outcome (`accepted`, `too_fast`, `backwards`, …). */
  progressReport(reason: string): void;
  /** An answer sent: `route` is the route's pattern, never the raw URL. */
  requestAnswered(labels: { method: string; route: string; status_code: string }, seconds: number): void;
}

/** Requests that matched no route are counted under one label, so scanners cannot blow up the series count. */
const UNMATCHED_ROUTE = 'unmatched';
const PAY_STATE_NAMES = Object.fromEntries(Object.entries(PAY_STATUS).map(([name, code]) => [code, name])) as Record<
  number,
  string
>;

/** Where the backup and WAL-archive gauges look (docs/operations.md, deploy/prometheus/yaoshi-alerts.yaml). */
export interface BackupWatch {
  backupDir: string;
  /** PostgreSQL: WAL archiving is read from pg_stat_archiver, the job backlog from pg-boss. */
  postgres: boolean;
}

export function createMetrics(
  db: Database,
  poolStats: (() => PoolStats) | undefined,
  backup?: BackupWatch,
  now: () => number = Date.now,
): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'yaoshi_' });

  const requests = new Counter({
    name: 'yaoshi_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'yaoshi_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const reports = new Counter({
    name: 'yaoshi_progress_reports_total',
    help: 'Progress reports judged, by result (accepted/refused) and reason (the outcome in the audit trail).',
    labelNames: ['result', 'reason'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'yaoshi_db_pool_connections',
    help: 'PostgreSQL pool connections by state (max, total open, idle, waiting queries); absent on PGlite.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = poolStats?.();
      if (!stats) return;
      for (const state of Object.keys(stats) as (keyof PoolStats)[]) this.set({ state }, stats[state]);
    },
  });
  new Gauge({
    name: 'yaoshi_orders',
    help: 'Orders by payment state (unpaid, paid, failed, cancelled, refunded), counted at scrape time.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const rows = await db
        .select({ state: orders.payStatus, n: sql<number>`count(*)::int` })
        .from(orders)
        .groupBy(orders.payStatus);
      for (const name of Object.values(PAY_STATE_NAMES)) this.set({ state: name }, 0);
      for (const row of rows) this.set({ state: PAY_STATE_NAMES[row.state] ?? String(row.state) }, Number(row.n));
    },
  });

  new Gauge({
    name: 'yaoshi_release_page_loads',
    help: 'Page loads reported by the shells, by remote, version and kind (load, load-error, render-error): a canary failing shows as errors of its version.',
    labelNames: ['remote', 'version', 'kind'] as const,
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ remote: string; version: string; kind: string; n: number }>(
        db,
        sql`select remote, version, kind, sum(count)::int as n from release_load_counts group by remote, version, kind`,
      );
      this.reset();
      for (const row of rows) this.set({ remote: row.remote, version: row.version, kind: row.kind }, Number(row.n));
    },
  });
  if (backup) {
    new Gauge({
      name: 'yaoshi_backup_newest_age_seconds',
      help: 'Seconds since the newest backup (npm run backup -- now) finished, by its kind (pglite, full, incr); absent when none is recorded in BACKUP_DIR.',
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        this.reset();
        const newest = readNewestBackup(backup.backupDir);
        if (newest) this.set({ kind: newest.kind }, Math.max(0, (now() - Date.parse(newest.finishedAt)) / 1000));
      },
    });
  }
  if (backup?.postgres) {
    new Gauge({
      name: 'yaoshi_wal_archived_newest_age_seconds',
      help: 'Seconds since PostgreSQL last archived a WAL segment (pg_stat_archiver), with the segment; absent when it never has.',
      labelNames: ['wal'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const [row] = await rowsOf<{ t: string | Date | null; wal: string | null }>(
          db,
          sql`select last_archived_time as t, last_archived_wal as wal from pg_stat_archiver`,
        );
        if (row?.t) this.set({ wal: row.wal ?? '' }, Math.max(0, (now() - new Date(row.t).getTime()) / 1000));
      },
    });
    new Gauge({
      name: 'yaoshi_wal_archive_failures',
      help: 'WAL segments PostgreSQL failed to archive since its statistics were reset (pg_stat_archiver.failed_count; it only grows).',
      registers: [registry],
      async collect() {
        const [row] = await rowsOf<{ n: number }>(db, sql`select failed_count::int as n from pg_stat_archiver`);
        this.set(Number(row?.n ?? 0));
      },
    });
    new Gauge({
      name: 'yaoshi_jobs_waiting',
      help: 'Background jobs queued or waiting for a retry on pg-boss, by queue; absent before pg-boss made its tables.',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const rows = await rowsOf<{ name: string; n: number }>(
            db,
            sql`select name, count(*)::int as n from pgboss.job where state in ('created', 'retry') group by name`,
          );
          for (const row of rows) this.set({ queue: row.name }, Number(row.n));
        } catch {
          // No pgboss schema (yet): nothing to report.
        }
      },
    });
  }

  return {
    registry,
    progressReport(reason) {
      // A takeover (在此继续学习) is the learner's move, answered as a success.
      reports.inc({ result: reason === 'accepted' || reason === 'takeover' ? 'accepted' : 'refused', reason });
    },
    requestAnswered(labels, seconds) {
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}

/** `::ffff:10.0.0.1` (IPv4 on a dual-stack socket) → `10.0.0.1`. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/** METRICS_ALLOW (addresses and CIDRs) as a matcher. */
export function allowList(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = plainAddress(address);
    if (isIPv4(plain)) return list.check(plain, 'ipv4');
    if (isIPv6(plain)) return list.check(plain, 'ipv6');
    return false;
  };
}

function bearerMatches(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts every answer, and serves GET /metrics to addresses in METRICS_ALLOW (the client's
 * address as TRUST_PROXY lets Fastify see it) or to `Authorization: Bearer <METRICS_TOKEN>`.
 * Anyone else gets the site's plain 404, so the endpoint's existence is not advertised.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  config: Pick<Config, 'metricsAllow' | 'metricsToken'>,
): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    metrics.requestAnswered(labels, reply.elapsedTime / 1000);
    done();
  });
  const allowed = allowList(config.metricsAllow);
  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    if (!allowed(request.ip) && !bearerMatches(request, config.metricsToken)) {
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
    }
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}
