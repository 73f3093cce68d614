import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { DATABASE_RETRY_AFTER_S } from '../db/database-faults';
import { sendEnvelope } from '../envelope/signed-routes';
import { MESSAGES } from '../messages';

export const HEALTHZ_PATH = '/healthz';
export const READYZ_PATH = '/readyz';
/** A readiness probe that waits longer than this for the database counts as failed. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * For load balancers: `/healthz` answers while the process runs (it never touches the
 * database, so a database outage does not get the server restarted); `/readyz` answers 200
 * only while the database answers too, else 503 with `Retry-After`, so traffic goes
 * elsewhere until it is back. Neither is signed; neither says more than ok / not ready.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  app.get(HEALTHZ_PATH, { logLevel: 'warn' }, (_request, reply) =>
    sendEnvelope(reply, 200, MESSAGES.success, { status: 'ok' }),
  );
  app.get(READYZ_PATH, { logLevel: 'warn' }, async (request, reply) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('readiness check timed out')), READINESS_TIMEOUT_MS);
        }),
      ]);
      return sendEnvelope(reply, 200, MESSAGES.success, { status: 'ready' });
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: the database does not answer');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return sendEnvelope(reply, 503, MESSAGES.databaseUnavailable, null);
    } finally {
      clearTimeout(timer);
    }
  });
}
