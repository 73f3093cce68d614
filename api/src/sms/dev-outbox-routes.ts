import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { smsOutbox } from './sms-schema';

export const DEV_OUTBOX_PATH = '/dev/sms-outbox';
const OUTBOX_LIMIT = 20;

/**
 * GET /dev/sms-outbox?phone=… — the texts the development SMS provider "sent" to a phone,
 * newest first, with the code picked out for browser tests. Plain JSON, unsigned; the
 * caller registers it only when NODE_ENV is not production.
 */
export function registerDevOutboxRoutes(app: FastifyInstance, db: Database): void {
  app.get<{ Querystring: { phone?: string } }>(DEV_OUTBOX_PATH, async (request, reply) => {
    const phone = request.query.phone;
    if (typeof phone !== 'string' || !/^\d{11}$/.test(phone)) {
      return reply.code(400).send({ error: 'phone must be 11 digits' });
    }
    const rows = await db
      .select({ text: smsOutbox.text, sentAt: smsOutbox.sentAt })
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, phone))
      .orderBy(desc(smsOutbox.sentAt), desc(smsOutbox.id))
      .limit(OUTBOX_LIMIT);
    return reply.header('cache-control', 'no-store').send({
      phone,
      messages: rows.map((row) => ({
        text: row.text,
        code: /\d{6}/.exec(row.text)?.[0] ?? null,
        sent_at: row.sentAt.toISOString(),
      })),
    });
  });
}
