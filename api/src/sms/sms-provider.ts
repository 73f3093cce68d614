import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { smsOutbox } from './sms-schema';

export interface SmsMessage {
  phone: string;
  text: string;
}

/** Where SMS go. A real gateway implements this; nothing else in the API knows which is in use. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Development and tests: the text goes to the log and to the `sms_outbox` table, read
 * back at GET /dev/sms-outbox (registered only outside production). In the database, not
 * in memory, so any server copy can show what another one sent.
 */
export function outboxSmsProvider(db: Database, clock: Clock, log: FastifyBaseLogger): SmsProvider {
  return {
    async send({ phone, text }) {
      // The text holds the code: it goes to the outbox only, never to the log.
      log.info({ phone }, 'SMS written to the development outbox (GET /dev/sms-outbox)');
      await db.insert(smsOutbox).values({ phone, text, sentAt: clock.now() });
    },
  };
}

/**
 * Production until a gateway is configured (start-up refuses that, so only tests and
 * hand-built apps reach it): nothing is sent, loudly, so an operator sees that codes are
 * not reaching anyone. The code itself is never logged.
 */
export function unconfiguredSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    async send({ phone }) {
      log.warn({ phone }, 'no SMS gateway configured: the code reached no one');
    },
  };
}
