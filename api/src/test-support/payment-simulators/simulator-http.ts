import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a simulator sees it: the exact body text, for signatures over the bytes. */
export interface SimulatorRequest {
  method: string;
  /** Path and query exactly as sent. */
  pathWithQuery: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface SimulatorReply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export type SimulatorHandler = (request: SimulatorRequest) => Promise<SimulatorReply> | SimulatorReply;

export interface RunningSimulatorServer {
  baseUrl: string;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A plain HTTP server on 127.0.0.1 and a free port, as the gateway's stand-in. */
export async function startSimulatorServer(handler: SimulatorHandler): Promise<RunningSimulatorServer> {
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      try {
        const body = await readBody(request);
        const pathWithQuery = request.url ?? '/';
        const reply = await handler({
          method: request.method ?? 'GET',
          pathWithQuery,
          url: new URL(pathWithQuery, 'http://127.0.0.1'),
          headers: request.headers,
          body,
        });
        response.writeHead(reply.status, reply.headers ?? {});
        response.end(reply.body ?? '');
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(error instanceof Error ? error.message : String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const html = (status: number, body: string): SimulatorReply => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>支付</title></head><body>${body}</body></html>`,
});

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The payer's two buttons, as the simulated phone or checkout page shows them. */
export function payerPage(title: string, description: string, amountFen: number, action: string): SimulatorReply {
  return html(
    200,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p><p>金额：¥${(amountFen / 100).toFixed(2)}</p>` +
      `<form method="post" action="${escapeHtml(action)}/pay"><button type="submit">确认支付</button></form>` +
      `<form method="post" action="${escapeHtml(action)}/fail"><button type="submit">支付失败</button></form>`,
  );
}

export interface NotifyDelivery {
  url: string;
  status: number;
  body: string;
}

/** POSTs a notification, retrying like a gateway while the merchant does not accept it. */
export async function deliver(
  url: string,
  init: { headers: Record<string, string>; body: string },
  accepted: (status: number, body: string) => boolean,
  attempts = 3,
): Promise<NotifyDelivery> {
  let last: NotifyDelivery = { url, status: 0, body: '' };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(url, { method: 'POST', headers: init.headers, body: init.body });
      last = { url, status: response.status, body: await response.text() };
      if (accepted(last.status, last.body)) return last;
    } catch (error) {
      last = { url, status: 0, body: error instanceof Error ? error.message : String(error) };
    }
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
  return last;
}
