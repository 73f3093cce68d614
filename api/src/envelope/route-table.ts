import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MESSAGES } from '../messages';

/** One route as the server registered it (Fastify's onRoute), for tests that must cover every route. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** For a signed /v1 route: its contract's request schema (route config `requestSchema`). */
  requestSchema?: z.ZodType;
  /** For a signed /v1 route: whether it needs a signed-in learner. */
  auth?: boolean;
}

const tables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Records every route registered on `app` from now on (call right after creating it). */
export function recordRouteTable(app: FastifyInstance): void {
  const table: RegisteredRoute[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { requestSchema?: z.ZodType; auth?: boolean };
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      table.push({
        method,
        url: route.url,
        ...(config.requestSchema ? { requestSchema: config.requestSchema, auth: config.auth === true } : {}),
      });
    }
  });
}

/** Every route registered on `app` (once it is ready). */
export function routeTableOf(app: FastifyInstance): readonly RegisteredRoute[] {
  return tables.get(app) ?? [];
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (oversized headers,
 * malformed request lines): answered in the envelope too, then the connection is closed.
 */
export function envelopeClientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // Already answered on this connection (e.g. 413 before the rest of the body): just close it.
  if (!socket.writable || socket.bytesWritten > 0 || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const reason =
    status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  const body = JSON.stringify({
    code: status,
    message: status === 431 ? MESSAGES.headersTooLarge : MESSAGES.badRequest,
    data: null,
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
