import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { acceptQueueLength } from './accept-queue';

/** In-flight requests get this long to finish after SIGTERM (issue 15); then their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** After the grace period, closing the database gets this much longer before the process gives up. */
const CLOSE_AFTER_FORCE_MS = 5_000;

export interface Closable {
  app: FastifyInstance;
  /** Stops the server, waits for in-flight requests, then closes the database (ApiServer.close). */
  close(): Promise<void>;
}

export type ShutdownResult = 'clean' | 'forced' | 'stuck';

/**
 * Where the kernel does not tell how many connections wait to be accepted: at most this long
 * after the signal, connections still arriving are taken in.
 */
export const ACCEPT_DRAIN_MAX_MS = 2_000;

/** How long a connection may sit without a request, once stopping, before it is closed. */
const IDLE_LINGER_MS = 200;

/**
 * A graceful stop, as a rolling restart needs it:
 *   1. the listening socket closes as soon as the connections already waiting in the
 *      kernel's accept queue at the signal are taken in (acceptWaitingConnections; at once on
 *      a server that keeps up): the load balancer's next connection goes to another copy;
 *   2. every connection already accepted is drained: requests in flight run to completion,
 *      and a request that still arrives on an open connection is served too — every
 *      answer now carries `Connection: close`, so each connection ends after its answer;
 *      a connection that carries no request for IDLE_LINGER_MS is closed (Node's own
 *      server.close() would close such "idle" connections at once, and with them requests
 *      whose bytes had arrived but were not yet read);
 *   3. then the app closes and the database with it (ApiServer.close).
 * Connections still busy after `graceMs` are cut, so a stuck client cannot hold a deploy.
 */
export async function shutDown(server: Closable, graceMs: number = SHUTDOWN_GRACE_MS): Promise<ShutdownResult> {
  const http = server.app.server;
  const deadline = Date.now() + graceMs;
  // Background jobs stop at once, beside the drain: a running transcode is abandoned anyway
  // (queued again, JobContext.signal) and would only take the cores from the requests being
  // finished. Awaited before the app closes.
  const jobsStopped = (server.app.stopJobs?.() ?? Promise.resolve()).catch((error: unknown) =>
    server.app.log.warn({ err: error }, 'background jobs did not stop cleanly'),
  );
  http.prependListener('request', (_request, response) => {
    response.shouldKeepAlive = false;
  });
  await acceptWaitingConnections(http, deadline);
  // net.Server's close, not http.Server's: stop accepting without dropping accepted connections.
  if (http.listening) net.Server.prototype.close.call(http);
  let forced = false;
  for (;;) {
    await delay(Math.min(IDLE_LINGER_MS, Math.max(0, deadline - Date.now())));
    http.closeIdleConnections();
    if ((await openConnections(http)) === 0) break;
    if (Date.now() >= deadline) {
      forced = true;
      server.app.log.warn({ graceMs }, 'requests still in flight after the grace period: closing their connections');
      http.closeAllConnections();
      break;
    }
  }
  const closed = jobsStopped.then(() => server.close()).then(() => 'done' as const);
  const after = await Promise.race([closed, delay(CLOSE_AFTER_FORCE_MS).then(() => 'stuck' as const)]);
  if (after === 'stuck') return 'stuck';
  return forced ? 'forced' : 'clean';
}

/**
 * Connections that clients have already opened, and sent their requests on, but that wait in
 * the kernel's accept queue would be reset when the listener closes. Node takes in one
 * waiting connection per turn of its event loop (libuv ≥ 1.45, libuv/libuv#3696), and a server busy with requests (PGlite runs
 * its queries on this thread; a starved CPU) has long turns, so a burst can wait for seconds.
 *
 * Where the kernel tells the queue's length (Linux, accept-queue.ts), the connections waiting
 * at the signal are taken in, and no more: one arriving after the signal is behind them in
 * the queue and is refused when the listener closes. This may take until the grace period's
 * end on a starved server: a request already sent is owed its answer. Elsewhere, keep
 * accepting until a turn of the event loop accepts none, for at most ACCEPT_DRAIN_MAX_MS.
 */
async function acceptWaitingConnections(http: net.Server, deadline: number): Promise<void> {
  if (!http.listening) return;
  const waitingAtSignal = acceptQueueLength(http);
  let accepted = 0;
  const count = () => {
    accepted += 1;
  };
  http.on('connection', count);
  try {
    if (waitingAtSignal !== undefined) {
      while (accepted < waitingAtSignal && Date.now() < deadline && (acceptQueueLength(http) ?? 0) > 0)
        await afterPoll();
      return;
    }
    const until = Math.min(deadline, Date.now() + ACCEPT_DRAIN_MAX_MS);
    for (let quietTurns = 0; quietTurns < 2 && Date.now() < until;) {
      const before = accepted;
      await afterPoll();
      quietTurns = accepted === before ? quietTurns + 1 : 0;
    }
  } finally {
    http.off('connection', count);
  }
}

/** Resolves in the event loop's check phase: after a poll has accepted and read what was waiting. */
function afterPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function openConnections(http: net.Server): Promise<number> {
  return new Promise((resolve) => http.getConnections((error, count) => resolve(error ? 0 : count)));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * SIGTERM (process managers, rolling restarts) and SIGINT (Ctrl+C) shut down gracefully;
 * exit code 0 when everything finished in time, 1 when connections had to be cut or the
 * database did not close. A second signal means "now": exit 1 at once. Used by every entry
 * point that listens (api/src/main.ts, deploy/src/serve.ts).
 */
export function shutDownOnSignals(server: Closable, graceMs: number = SHUTDOWN_GRACE_MS): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    server.app.log.info({ signal, graceMs }, 'shutting down: no new connections, finishing requests in flight');
    shutDown(server, graceMs).then(
      (result) => {
        if (result !== 'clean') server.app.log.error({ result }, 'shutdown was not clean');
        process.exit(result === 'clean' ? 0 : 1);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
