import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a provider simulator sees it: the exact bytes received, before any parsing. */
export interface ReceivedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  /** Lower-case names; repeated headers joined by Node. */
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface SimulatorAnswer {
  status: number;
  body: unknown;
}

export interface SimulatorServer {
  /** `127.0.0.1:<port>`, what the SDKs take as their endpoint host. */
  host: string;
  close(): Promise<void>;
}

/**
 * A local HTTP server on 127.0.0.1 and a free port that hands each whole request to
 * `answer` and sends its JSON back: the transport every provider simulator shares.
 */
export async function startSimulatorServer(
  answer: (request: ReceivedRequest) => SimulatorAnswer,
): Promise<SimulatorServer> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { status, body } = answer({
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A header's single value ('' when absent). */
export function headerOf(request: ReceivedRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}
