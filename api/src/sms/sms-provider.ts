import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { MESSAGES } from '../messages';
import type { SmsProviderName } from './sms-config';
import { smsOutbox } from './sms-schema';

/** One verification code for one phone, as every provider's template takes it. */
export interface SmsCodeMessage {
  /** 11-digit mainland mobile number. */
  phone: string;
  /** The 6-digit code: the template's one variable. */
  code: string;
  validMinutes: number;
  /** The association's approved SMS signature (site settings), e.g. 省药师协会. */
  signature: string;
}

/** One year-end reminder for one phone: the approved reminder template's three variables. */
export interface SmsReminderMessage {
  phone: string;
  signature: string;
  /** The learner's name. */
  name: string;
  year: number;
  /** Hours still missing, as the learner pages write them (`12.5`). */
  missingHours: string;
}

/** A real gateway's sender of year-end reminders through its approved reminder template. */
export interface SmsReminderSender {
  /** Resolves once the provider accepted the text; rejects with an SmsSendError when it did not. */
  sendReminder(message: SmsReminderMessage): Promise<void>;
}

/** Where SMS go. A real gateway implements this; nothing else in the API knows which is in use. */
export interface SmsProvider {
  /** Resolves once the provider accepted the text; rejects (with an SmsSendError) when it did not. */
  sendCode(message: SmsCodeMessage): Promise<void>;
}

/**
 * The provider did not accept a text. `providerCode` is the provider's own error code
 * (`isv.BUSINESS_LIMIT_CONTROL`, `LimitExceeded.PhoneNumberDailyLimit`,
 * `SignatureDoesNotMatch` …) for the operator; the message never holds the phone or the code.
 */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  constructor(
    readonly provider: SmsProviderName | 'unconfigured' | 'site-settings',
    readonly providerCode: string,
    readonly providerRequestId: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A provider's own error text for the log, without anything that could be a phone number
 * or a code (runs of 6 or more digits): some providers echo the number they refused.
 */
export function scrubProviderMessage(message: string | undefined): string {
  return (message ?? '').replace(/\+?\d{6,}/g, '[REDACTED]').slice(0, 300);
}

/**
 * Development, tests and a declared staging site: the text goes to the `sms_outbox`
 * table, read back at GET /dev/sms-outbox (registered only then). In the database, not in
 * memory, so any server copy can show what another one sent.
 */
export function outboxSmsProvider(db: Database, clock: Clock, log: FastifyBaseLogger): SmsProvider {
  return {
    async sendCode({ phone, code, validMinutes, signature }) {
      // The text holds the code: it goes to the outbox only, never to the log.
      log.info({ phone }, 'SMS written to the development outbox (GET /dev/sms-outbox)');
      await db
        .insert(smsOutbox)
        .values({ phone, text: MESSAGES.smsText(signature, code, validMinutes), sentAt: clock.now() });
    },
  };
}

/**
 * Production with the outbox named but not allowed (start-up refuses that, so only tests
 * and hand-built apps reach it): nothing is sent, the learner is told so and the log says
 * why. Never the outbox: its page would show the code to anyone.
 */
export function unconfiguredSmsProvider(): SmsProvider {
  return {
    async sendCode() {
      throw new SmsSendError('unconfigured', 'NoGateway', undefined, 'no SMS gateway configured (SMS_PROVIDER)');
    },
  };
}
