import { RELEASE_REGISTRY_PATHS } from '@yaoshi/contracts/release-registry-paths';

/**
 * What the shell tells the release registry about remote versions: how often a page of
 * each version loaded, failed to load or failed while rendering. Counts only — remote,
 * version, kind, count — never who or where: the request carries no cookie, no token and
 * no referrer. Batched and rate-limited: one request per interval at most (the first
 * failure of an interval goes out at once, so a failing canary is seen quickly; anything
 * after it waits for the interval's end), at most MAX_REQUESTS_PER_PAGE from one page, and
 * what is pending is sent as the page goes away. The server rolls a canary back past its
 * threshold.
 */
export type LoadKind = 'load' | 'load-error' | 'render-error';

export const REPORTS_URL = RELEASE_REGISTRY_PATHS.reports;
/** At most one report request per this many ms from one page. */
export const REPORT_INTERVAL_MS = 10_000;
/** A page left open for hours stops reporting after this many requests. */
export const MAX_REQUESTS_PER_PAGE = 60;
/** The server takes at most this many lines per request, and a count of at most 100 a line (MAX_REPORT_COUNT). */
const MAX_LINES = 50;
const MAX_COUNT = 100;

export interface LoadReporter {
  count(remote: string, version: string, kind: LoadKind): void;
  /** Sends what is pending now, whatever the interval (the page is going away). */
  flush(): void;
}

export interface ReporterDeps {
  send: (body: string) => void;
  schedule: (run: () => void, ms: number) => void;
}

interface Line {
  remote: string;
  version: string;
  kind: LoadKind;
  count: number;
}

export function createLoadReporter(deps: ReporterDeps): LoadReporter {
  const pending = new Map<string, Line>();
  /** An interval is running: the next request waits for its end. */
  let waiting = false;
  let requests = 0;

  function send(): void {
    if (pending.size === 0 || requests >= MAX_REQUESTS_PER_PAGE) return;
    requests += 1;
    const lines = [...pending.entries()].slice(0, MAX_LINES);
    for (const [key] of lines) pending.delete(key);
    const reports = lines.map(([, line]) => ({ ...line, count: Math.min(line.count, MAX_COUNT) }));
    deps.send(JSON.stringify({ reports }));
  }

  function startInterval(): void {
    if (waiting) return;
    waiting = true;
    deps.schedule(() => {
      waiting = false;
      if (pending.size === 0) return;
      send();
      startInterval();
    }, REPORT_INTERVAL_MS);
  }

  return {
    count(remote, version, kind) {
      const key = `${remote}\0${version}\0${kind}`;
      const line = pending.get(key) ?? { remote, version, kind, count: 0 };
      line.count += 1;
      pending.set(key, line);
      // The first failure of a quiet interval goes out at once; loads wait for the batch.
      if (kind !== 'load' && !waiting) send();
      startInterval();
    },
    flush: send,
  };
}

/**
 * The browser's reporter: a keepalive fetch (it outlives the page, like a beacon), without the
 * referrer. It carries the site's one cookie the server reads here, the anonymous browser id
 * (`yaoshi_vid`, set with the pins document): a canary ends by itself only on failures from
 * many browsers, each counted up to the loads it reported itself, never on one address's claim.
 * No learner's identity goes with it (the learner's token is a header the report never sends).
 */
export function browserLoadReporter(): LoadReporter {
  const reporter = createLoadReporter({
    send: (body) =>
      void fetch(REPORTS_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
        credentials: 'same-origin',
        referrerPolicy: 'no-referrer',
      }).catch(() => undefined),
    schedule: (run, ms) => void setTimeout(run, ms),
  });
  addEventListener('pagehide', () => reporter.flush());
  return reporter;
}
