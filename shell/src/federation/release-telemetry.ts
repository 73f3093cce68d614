/**
 * What the shell tells the release registry about remote versions: how often a page of
 * each version loaded, failed to load or failed while rendering. Counts only — remote,
 * version, kind, count — never who or where; batched (one request per interval at most)
 * and sent as a beacon when the page goes away, so a failing canary is seen by the server,
 * which rolls it back past its threshold.
 */
export type LoadKind = 'load' | 'load-error' | 'render-error';

export const REPORTS_URL = '/v1/releases/reports';
/** At most one report request per this many ms from one page. */
export const REPORT_INTERVAL_MS = 10_000;
/** The server takes at most this many lines per request. */
const MAX_LINES = 50;

export interface LoadReporter {
  count(remote: string, version: string, kind: LoadKind): void;
  /** Sends what is pending now (the page is going away, or a test). */
  flush(useBeacon?: boolean): void;
}

export interface ReporterDeps {
  send: (body: string, useBeacon: boolean) => void;
  schedule: (run: () => void, ms: number) => void;
}

export function createLoadReporter(deps: ReporterDeps): LoadReporter {
  const pending = new Map<string, { remote: string; version: string; kind: LoadKind; count: number }>();
  let scheduled = false;

  function flush(useBeacon = false): void {
    scheduled = false;
    if (pending.size === 0) return;
    const lines = [...pending.values()].slice(0, MAX_LINES);
    for (const line of lines) pending.delete(`${line.remote}\0${line.version}\0${line.kind}`);
    deps.send(
      JSON.stringify({ reports: lines.map((line) => ({ ...line, count: Math.min(line.count, 1000) })) }),
      useBeacon,
    );
    if (pending.size > 0) schedule();
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    deps.schedule(() => flush(), REPORT_INTERVAL_MS);
  }

  return {
    count(remote, version, kind) {
      const key = `${remote}\0${version}\0${kind}`;
      const line = pending.get(key) ?? { remote, version, kind, count: 0 };
      line.count += 1;
      pending.set(key, line);
      // A failure goes out at once (the first of an interval); loads wait for the batch.
      if (kind !== 'load' && !scheduled) flush();
      else schedule();
    },
    flush,
  };
}

/** The browser's reporter: fetch with keepalive, or a beacon as the page goes away. */
export function browserLoadReporter(): LoadReporter {
  const reporter = createLoadReporter({
    send: (body, useBeacon) => {
      if (useBeacon && navigator.sendBeacon?.(REPORTS_URL, new Blob([body], { type: 'application/json' }))) return;
      void fetch(REPORTS_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
      }).catch(() => undefined);
    },
    schedule: (run, ms) => void setTimeout(run, ms),
  });
  addEventListener('pagehide', () => reporter.flush(true));
  return reporter;
}
