import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { smsCodes } from './sms-schema';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, badInput, unavailable } from '../envelope/api-error';
import { MESSAGES } from '../messages';
import { IP_LIMITS, hitRateLimit } from '../rate-limits/rate-limits';
import { siteSettings } from '../content/content-schema';
import { SmsSendError, type SmsProvider } from './sms-provider';
import { CODE_VALID_MINUTES, CODE_VALID_MS, DAY_MS, HOUR_MS, checkCode, sendRefusal } from './sms-limits';

export function newSmsCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** A failed send may be asked for again at once (nothing was counted); this only paces the retry button. */
export const SEND_FAILED_RETRY_AFTER_S = 10;

/** The association's SMS signature from its profile (site settings); an empty one cannot be sent. */
export async function smsSignature(db: Database): Promise<string> {
  const [row] = await db.select({ signature: siteSettings.smsSignature }).from(siteSettings).limit(1);
  const signature = row?.signature.trim() ?? '';
  if (signature === '')
    throw new SmsSendError(
      'site-settings',
      'NoSignature',
      undefined,
      'the site settings have no SMS signature (site_settings.site_sms_signature)',
    );
  return signature;
}

/**
 * Sends a new code to `phone` unless a limit refuses it (429). Registered or not, a phone
 * gets the same answer, so this call tells nobody who has an account.
 */
export async function sendSmsCode(
  db: Database,
  clock: Clock,
  provider: SmsProvider,
  phone: string,
  ip: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const now = clock.now();
  const code = newSmsCode();
  const since = (ms: number) => new Date(now.getTime() - ms);
  await hitRateLimit(db, clock, IP_LIMITS.smsCode, ip);
  const outcome = await db.transaction(async (tx) => {
    // Two server copies asked for the same phone at once must not both pass the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    // Rows older than the longest limit count for nothing: each phone sweeps its own.
    await tx.delete(smsCodes).where(and(eq(smsCodes.phone, phone), lte(smsCodes.sentAt, since(DAY_MS))));
    const [latest] = await tx
      .select({ sentAt: smsCodes.sentAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.sentAt))
      .limit(1);
    const countWhere = async (condition: ReturnType<typeof and>) =>
      (await tx.select({ n: count() }).from(smsCodes).where(condition))[0]?.n ?? 0;
    const refusal = sendRefusal(
      {
        lastSentToPhone: latest?.sentAt ?? null,
        sentToPhoneInLastHour: await countWhere(and(eq(smsCodes.phone, phone), gt(smsCodes.sentAt, since(HOUR_MS)))),
        sentToPhoneInLastDay: await countWhere(and(eq(smsCodes.phone, phone), gt(smsCodes.sentAt, since(DAY_MS)))),
      },
      now,
    );
    if (refusal !== null) return { sent: false as const, refusal };
    const [row] = await tx
      .insert(smsCodes)
      .values({ phone, code, ip, sentAt: now, expiresAt: new Date(now.getTime() + CODE_VALID_MS) })
      .returning({ id: smsCodes.id });
    return { sent: true as const, id: row?.id };
  });
  if (!outcome.sent) throw new ApiError(429, outcome.refusal);
  // Sent after commit: a provider writing to the same database must not wait on our lock.
  try {
    await provider.sendCode({ phone, code, validMinutes: CODE_VALID_MINUTES, signature: await smsSignature(db) });
  } catch (error) {
    // Not sent, so it must not count against the phone's limits or be accepted.
    if (outcome.id !== undefined) await db.delete(smsCodes).where(eq(smsCodes.id, outcome.id));
    if (!(error instanceof SmsSendError)) throw error;
    // The provider's code and request id for the operator; `phone` is masked by the logger, the code never logged.
    log.warn(
      {
        phone,
        smsProvider: error.provider,
        providerCode: error.providerCode,
        providerRequestId: error.providerRequestId,
        reason: error.message,
      },
      'SMS code not sent: the provider refused it',
    );
    throw unavailable(MESSAGES.smsSendFailed, SEND_FAILED_RETRY_AFTER_S);
  }
}

/**
 * Accepts the latest code sent to `phone` once. A wrong guess counts against it; after
 * MAX_WRONG_CODE_TRIES it is dead and a new one must be requested.
 */
export async function consumeSmsCode(db: Database, clock: Clock, phone: string, given: string): Promise<void> {
  const now = clock.now();
  const verdict = await db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.sentAt), desc(smsCodes.id))
      .limit(1)
      .for('update');
    const check = checkCode(stored ?? null, given, now);
    if (stored && check === 'wrong' && stored.consumedAt === null && stored.expiresAt > now) {
      await tx
        .update(smsCodes)
        .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
        .where(eq(smsCodes.id, stored.id));
    }
    if (stored && check === 'accepted')
      await tx.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, stored.id));
    return check;
  });
  if (verdict === 'too-many-tries') throw badInput(MESSAGES.codeTooManyTries);
  if (verdict === 'wrong') throw badInput(MESSAGES.codeWrong);
}
