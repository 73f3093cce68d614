import type { Clock } from '../clock';
import { usesSmsOutbox, type Config } from '../config';
import type { Database } from '../db/database';
import { readAssociationProfile } from '../association-profile/association-profile';
import type { MailTransport } from '../mail/mail-transport';
import type { ReminderSending } from './reminder-campaigns';
import { outboxReminderSms, unconfiguredReminderSms, type ReminderSms } from './reminder-sms';

/** The SMS side of reminders from the configuration: the outbox where it is allowed, otherwise none yet. */
export function reminderSmsFromConfig(config: Config, db: Database, clock: Clock): ReminderSms {
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
