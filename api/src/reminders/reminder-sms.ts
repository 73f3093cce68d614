import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { smsOutbox } from '../sms/sms-schema';
import type { SmsReminderSender } from '../sms/sms-provider';

/** One year-end reminder by SMS: the approved template's variables. */
export interface ReminderSmsMessage {
  phone: string;
  name: string;
  year: number;
  missingHours: string;
}

export interface ReminderSms {
  /** Whether reminders can be texted at all (an approved reminder template is configured). */
  readonly ready: boolean;
  sendReminder(message: ReminderSmsMessage): Promise<void>;
}

/** The reminder's text as the template reads (the outbox writes it out; a gateway fills the template). */
export function reminderSmsText(signature: string, message: ReminderSmsMessage): string {
  return `【${signature}】${message.name}，您${message.year}年度继续教育学时还差${message.missingHours}学时，请在年底前登录平台完成学习。不需要提醒可在个人信息中关闭。`;
}

/** Development and staging: the text goes to the SMS outbox (GET /dev/sms-outbox), as codes do. */
export function outboxReminderSms(db: Database, clock: Clock, signature: () => Promise<string>): ReminderSms {
  return {
    ready: true,
    async sendReminder(message) {
      await db.insert(smsOutbox).values({
        phone: message.phone,
        text: reminderSmsText(await signature(), message),
        sentAt: clock.now(),
      });
    },
  };
}

/**
 * A real gateway (Aliyun, Tencent) through its approved reminder template: the association's
 * signature from its profile (an empty one is a failed send, `NoSignature`), the template's
 * variables filled by the adapter. A refusal rejects with the gateway's SmsSendError, which
 * the round records as a failed send on the campaign.
 */
export function gatewayReminderSms(sender: SmsReminderSender, signature: () => Promise<string>): ReminderSms {
  return {
    ready: true,
    async sendReminder(message) {
      await sender.sendReminder({ ...message, signature: await signature() });
    },
  };
}

/**
 * A real gateway without an approved reminder template (`SMS_ALIYUN_REMINDER_TEMPLATE_CODE`
 * / `SMS_TENCENT_REMINDER_TEMPLATE_ID` unset), or production without a gateway: SMS
 * campaigns are refused at creation with REMINDER_TEXT.smsTemplateMissing.
 */
export function unconfiguredReminderSms(): ReminderSms {
  return {
    ready: false,
    async sendReminder() {
      throw new Error('no approved reminder SMS template configured');
    },
  };
}
