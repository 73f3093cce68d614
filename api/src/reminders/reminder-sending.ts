import type { Clock } from '../clock';
import { usesSmsOutbox, type Config } from '../config';
import type { Database } from '../db/database';
import { readAssociationProfile } from '../association-profile/association-profile';
import type { MailTransport } from '../mail/mail-transport';
import type { ReminderSending } from './reminder-campaigns';
import { reminderTemplateOf } from '../sms/sms-config';
import { smsSignature } from '../sms/sms-codes';
import { smsReminderSenderFromConfig } from '../sms/sms-provider-from-config';
import { gatewayReminderSms, outboxReminderSms, unconfiguredReminderSms, type ReminderSms } from './reminder-sms';

/**
 * Whether SMS campaigns can be sent: a real gateway with its reminder template, or the
 * outbox where it is allowed (development, tests, a declared staging site).
 */
export function reminderSmsReady(config: Config): boolean {
  return reminderTemplateOf(config.smsProvider, config.smsGateways) !== undefined || usesSmsOutbox(config);
}

/**
 * The SMS side of reminders from the configuration: the real gateway's approved reminder
 * template when one is configured, the outbox where it is allowed, otherwise none (SMS
 * campaigns refused).
 */
export function reminderSmsFromConfig(config: Config, db: Database, clock: Clock): ReminderSms {
  const gateway = smsReminderSenderFromConfig(config);
  if (gateway !== undefined) return gatewayReminderSms(gateway, () => smsSignature(db));
  if (!usesSmsOutbox(config)) return unconfiguredReminderSms();
  return outboxReminderSms(db, clock, async () => (await readAssociationProfile(db)).sms_signature);
}

/** What the reminders-send job needs, from the app's parts. */
export function reminderSendingOf(config: Config, db: Database, clock: Clock, mail: MailTransport): ReminderSending {
  return {
    db,
    clock,
    mail,
    sms: reminderSmsFromConfig(config, db, clock),
    baseUrl: config.publicBaseUrl ?? `http://localhost:${config.port}`,
    linkSecret: config.mediaUrlSecret,
  };
}
