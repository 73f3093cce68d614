import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { usesSmsOutbox, type Config } from '../config';
import type { Database } from '../db/database';
import { aliyunReminderSender, aliyunSmsProvider } from './aliyun-sms-provider';
import { tencentReminderSender, tencentSmsProvider } from './tencent-sms-provider';
import { outboxSmsProvider, unconfiguredSmsProvider, type SmsProvider, type SmsReminderSender } from './sms-provider';

/**
 * The provider `SMS_PROVIDER` names. Start-up has refused missing settings already
 * (smsGatewayProblems); a hand-built app that skipped that check gets a provider that
 * sends nothing and says so. The outbox only where it is allowed (development, tests, a
 * declared staging site): in production it would show codes to anyone.
 */
export function smsProviderFromConfig(config: Config, db: Database, clock: Clock, log: FastifyBaseLogger): SmsProvider {
  if (config.smsProvider === 'aliyun') {
    const { accessKeyId, accessKeySecret, templateCode, endpoint } = config.smsGateways.aliyun;
    if (accessKeyId === undefined || accessKeySecret === undefined || templateCode === undefined)
      return unconfiguredSmsProvider();
    return aliyunSmsProvider({ accessKeyId, accessKeySecret, templateCode, endpoint });
  }
  if (config.smsProvider === 'tencent') {
    const { secretId, secretKey, sdkAppId, templateId, region, endpoint } = config.smsGateways.tencent;
    if (secretId === undefined || secretKey === undefined || sdkAppId === undefined || templateId === undefined)
      return unconfiguredSmsProvider();
    return tencentSmsProvider({ secretId, secretKey, sdkAppId, templateId, region, endpoint });
  }
  return usesSmsOutbox(config) ? outboxSmsProvider(db, clock, log) : unconfiguredSmsProvider();
}

/**
 * The real gateway's sender of year-end reminders, when `SMS_PROVIDER` names one and its
 * reminder template (`SMS_ALIYUN_REMINDER_TEMPLATE_CODE` / `SMS_TENCENT_REMINDER_TEMPLATE_ID`)
 * and credentials are configured; otherwise undefined (the outbox, or no reminder template).
 */
export function smsReminderSenderFromConfig(config: Config): SmsReminderSender | undefined {
  if (config.smsProvider === 'aliyun') {
    const { accessKeyId, accessKeySecret, reminderTemplateCode, endpoint } = config.smsGateways.aliyun;
    if (accessKeyId === undefined || accessKeySecret === undefined || reminderTemplateCode === undefined)
      return undefined;
    return aliyunReminderSender({ accessKeyId, accessKeySecret, reminderTemplateCode, endpoint });
  }
  if (config.smsProvider === 'tencent') {
    const { secretId, secretKey, sdkAppId, reminderTemplateId, region, endpoint } = config.smsGateways.tencent;
    if (secretId === undefined || secretKey === undefined || sdkAppId === undefined || reminderTemplateId === undefined)
      return undefined;
    return tencentReminderSender({ secretId, secretKey, sdkAppId, reminderTemplateId, region, endpoint });
  }
  return undefined;
}
