import net from 'node:net';

/**
 * A lean closed-loop HTTP/1.1 load generator for the benchmarks: `connections` keep-alive
 * sockets, each sending its next request as soon as the previous answer is complete, for
 * `durationMs`. It shares the 2-core machine with the server and PostgreSQL, so it does
 * as little as it can: requests are written as one string, and answers are read only as
 * far as the status line and Content-Length (Fastify always sends one for the JSON it
 * answers). Latency is measured per request, from the write to the last byte of the
 * answer, and the percentiles are exact (every latency is kept). Requests sent during the
 * warm-up are not measured, but every answer's status is counted.
 */

export interface LoadRequest {
  method: 'GET' | 'POST';
  /** Path and query string. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  host: string;
  port: number;
  connections: number;
  /** Load sent first and not measured: connections, the server's JIT and the database's plans warm up. */
  warmupMs: number;
  /** The measured load, after the warm-up. */
  durationMs: number;
  /** The next request of connection `connection` (0 … connections − 1). */
  nextRequest(connection: number): LoadRequest;
  /** Called when the measured part begins (after the warm-up). */
  onMeasureStart?: () => void;
  /** Milliseconds a connection waits after an answer with this status before its next request (e.g. honouring Retry-After); default none. */
  pauseAfter?: (status: number) => number;
  /** Keep the first few non-200 answers (status and body), to say why. */
  keepRefusals?: number;
}

export interface LoadResult {
  /** Requests sent after the warm-up and answered. */
  total: number;
  seconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  statusCodes: Record<string, number>;
  non2xx: number;
  errors: number;
  firstRefusals: string[];
}

const HEADER_END = '\r\n\r\n';

function serialize(host: string, request: LoadRequest): string {
  let text = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${host}\r\nconnection: keep-alive\r\n`;
  for (const [name, value] of Object.entries(request.headers)) text += `${name}: ${value}\r\n`;
  if (request.body !== undefined) text += `content-length: ${Buffer.byteLength(request.body)}\r\n`;
  return `${text}\r\n${request.body ?? ''}`;
}

/** The status and the answer's total length once its head is complete, or null. */
function parseHead(received: string): { status: number; length: number } | null {
  const headEnd = received.indexOf(HEADER_END);
  if (headEnd === -1) return null;
  const head = received.slice(0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const match = /\r\ncontent-length: *(\d+)/.exec(head);
  if (!match) throw new Error(`answer without content-length: ${head.split('\r\n')[0]}`);
  return { status, length: headEnd + HEADER_END.length + Number(match[1]) };
}

function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return 0;
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!.toFixed(1));
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const firstRefusals: string[] = [];
  let errors = 0;
  const measuredFrom = performance.now() + options.warmupMs;
  const deadline = measuredFrom + options.durationMs;
  const measureStart = setTimeout(() => options.onMeasureStart?.(), options.warmupMs);
  const hostHeader = `${options.host}:${options.port}`;

  const runConnection = (connection: number) =>
    new Promise<void>((resolve) => {
      const socket = net.connect({ host: options.host, port: options.port, noDelay: true });
      socket.setEncoding('latin1');
      let received = '';
      let sentAt = 0;
      let head: { status: number; length: number } | null = null;
      const send = () => {
        if (performance.now() >= deadline) {
          socket.end();
          resolve();
          return;
        }
        received = '';
        head = null;
        sentAt = performance.now();
        socket.write(serialize(hostHeader, options.nextRequest(connection)), 'latin1');
      };
      socket.on('connect', send);
      socket.on('data', (chunk: string) => {
        received += chunk;
        head ??= parseHead(received);
        if (head === null || received.length < head.length) return;
        const measured = sentAt >= measuredFrom;
        if (measured) latencies.push(performance.now() - sentAt);
        statusCodes[head.status] = (statusCodes[head.status] ?? 0) + 1;
        if (head.status !== 200 && firstRefusals.length < (options.keepRefusals ?? 5)) {
          firstRefusals.push(
            `${head.status} ${Buffer.from(received.slice(received.indexOf(HEADER_END) + 4), 'latin1').toString('utf8')}`,
          );
        }
        const pause = options.pauseAfter?.(head.status) ?? 0;
        if (pause > 0) setTimeout(send, pause);
        else send();
      });
      socket.on('error', () => {
        errors += 1;
        resolve();
      });
      socket.on('close', () => resolve());
    });

  await Promise.all(Array.from({ length: options.connections }, (_, connection) => runConnection(connection)));
  clearTimeout(measureStart);
  const seconds = (performance.now() - measuredFrom) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const non2xx = Object.entries(statusCodes).reduce(
    (sum, [status, count]) => (status.startsWith('2') ? sum : sum + count),
    0,
  );
  return {
    total: latencies.length,
    seconds: Number(seconds.toFixed(2)),
    requestsPerSecond: Math.round(latencies.length / seconds),
    latencyMs: {
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p99: percentile(sorted, 0.99),
      max: percentile(sorted, 1),
    },
    statusCodes,
    non2xx,
    errors,
    firstRefusals,
  };
}
