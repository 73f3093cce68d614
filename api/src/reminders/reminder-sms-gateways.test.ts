import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, inArray } from 'drizzle-orm';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { formatHours } from '@yaoshi/contracts/course-selection-rules';
import { REMINDER_TEXT, type ReminderCampaign } from '@yaoshi/contracts/reminders';
import { learners } from '../accounts/accounts-schema';
import { auditRecords } from '../audit/audit-schema';
import { configFromEnv, productionProblems, type Config } from '../config';
import { outboxMailTransport } from '../mail/mail-transport';
import { ASSOCIATION } from '../seed/site-content';
import { smsOutbox } from '../sms/sms-schema';
import { startAliyunSmsSimulator, type AliyunSmsSimulator } from '../test-support/aliyun-sms-simulator';
import { startTencentSmsSimulator, type TencentSmsSimulator } from '../test-support/tencent-sms-simulator';
import { LI, WANG, ZHANG, ZHAO, assertRefused, authed, dataOf, loginToken } from '../test-support/learner-session';
import { signedInStaff, type TestStaff } from '../test-support/staff-session';
import { startTestServer, TEST_START, type TestServer } from '../test-support/test-server';
import { sendReminderRound } from './reminder-campaigns';
import { reminderSendingOf } from './reminder-sending';
import { reminderCampaigns, reminderRecipients } from './reminders-schema';

/**
 * SMS reminder campaigns through the real gateways (issue 37): each provider's official SDK,
 * driven by the reminders-send round, against the provider's protocol simulator (request
 * signature checked, credentials made per run) with an approved reminder template whose
 * variables are name, year and hours: Aliyun's TemplateParam JSON object, Tencent's
 * TemplateParamSet array. A gateway refusal is a failed send counted on the campaign; the
 * campaign's per-minute throttle holds; without a reminder template an SMS campaign is refused.
 */

const COMPANY = '短信提醒网关测试药房';
const YEAR = beijingYearOf(TEST_START);
const SIGNATURE = ASSOCIATION.shortName;
const CODE_TEMPLATE = { aliyun: 'SMS_465300001', tencent: '2210001' };
const REMINDER_TEMPLATE = { aliyun: 'SMS_465300777', tencent: '2210777' };

/** One text the simulator accepted, as the reminder template's variables. */
interface Texted {
  phone: string;
  signature: string;
  template: string;
  name: string;
  year: string;
  hours: string;
}

interface Gateway<Simulator> {
  name: 'aliyun' | 'tencent';
  start(): Promise<Simulator>;
  config(simulator: Simulator, withReminderTemplate: boolean): Partial<Config>;
  texted(simulator: Simulator): Texted[];
  refuseNext(simulator: Simulator): string;
  close(simulator: Simulator): Promise<void>;
}

const defaults = () => configFromEnv({}).smsGateways;

const aliyun: Gateway<AliyunSmsSimulator> = {
  name: 'aliyun',
  start: () =>
    startAliyunSmsSimulator({
      signNames: [SIGNATURE],
      templateCodes: [CODE_TEMPLATE.aliyun],
      templates: { [REMINDER_TEMPLATE.aliyun]: ['name', 'year', 'hours'] },
    }),
  config: (simulator, withReminderTemplate) => ({
    smsProvider: 'aliyun',
    smsGateways: {
      ...defaults(),
      aliyun: {
        accessKeyId: simulator.accessKeyId,
        accessKeySecret: simulator.accessKeySecret,
        templateCode: CODE_TEMPLATE.aliyun,
        reminderTemplateCode: withReminderTemplate ? REMINDER_TEMPLATE.aliyun : undefined,
        endpoint: { protocol: 'http', host: simulator.host },
      },
    },
  }),
  texted: (simulator) =>
    simulator.sent.map((sent) => ({
      phone: sent.phone,
      signature: sent.signName,
      template: sent.templateCode,
      name: String(sent.params.name),
      year: String(sent.params.year),
      hours: String(sent.params.hours),
    })),
  refuseNext: (simulator) => {
    simulator.failNext('isv.BUSINESS_LIMIT_CONTROL');
    return 'isv.BUSINESS_LIMIT_CONTROL';
  },
  close: (simulator) => simulator.close(),
};

const tencent: Gateway<TencentSmsSimulator> = {
  name: 'tencent',
  start: () =>
    startTencentSmsSimulator({
      signNames: [SIGNATURE],
      templateIds: [CODE_TEMPLATE.tencent],
      templates: { [REMINDER_TEMPLATE.tencent]: 3 },
    }),
  config: (simulator, withReminderTemplate) => ({
    smsProvider: 'tencent',
    smsGateways: {
      ...defaults(),
      tencent: {
        secretId: simulator.secretId,
        secretKey: simulator.secretKey,
        sdkAppId: simulator.sdkAppId,
        templateId: CODE_TEMPLATE.tencent,
        reminderTemplateId: withReminderTemplate ? REMINDER_TEMPLATE.tencent : undefined,
        region: 'ap-guangzhou',
        endpoint: { protocol: 'http', host: simulator.host },
      },
    },
  }),
  texted: (simulator) =>
    simulator.sent.map((sent) => ({
      phone: sent.phoneNumber.replace(/^\+86/, ''),
      signature: sent.signName,
      template: sent.templateId,
      name: sent.templateParams[0] ?? '',
      year: sent.templateParams[1] ?? '',
      hours: sent.templateParams[2] ?? '',
    })),
  refuseNext: (simulator) => {
    simulator.failNext('LimitExceeded.PhoneNumberDailyLimit');
    return 'LimitExceeded.PhoneNumberDailyLimit';
  },
  close: (simulator) => simulator.close(),
};

function describeGateway<Simulator>(gateway: Gateway<Simulator>): void {
  describe(`SMS_PROVIDER=${gateway.name}: year-end reminders through its reminder template`, () => {
    let simulator: Simulator;
    let server: TestServer;
    let staff: TestStaff;
    before(async () => {
      simulator = await gateway.start();
      server = await startTestServer({ config: gateway.config(simulator, true) });
      staff = await signedInStaff(server, ['学员管理']);
      await server.db
        .update(learners)
        .set({ company: COMPANY })
        .where(inArray(learners.phone, [WANG.phone, LI.phone, ZHANG.phone, ZHAO.phone]));
      const zhao = await loginToken(server, ZHAO.phone, ZHAO.password);
      dataOf(await authed(server, zhao, 'POST', '/v1/reminder_setting', { year_end_reminders: false }));
    });
    after(async () => {
      await server.close();
      await gateway.close(simulator);
    });

    const createSmsCampaign = (target: TestServer) =>
      authed(target, staff.token, 'POST', '/v1/admin/reminders', { year: YEAR, company: COMPANY, channel: 'sms' });
    const round = (config: Config, sms: number) =>
      sendReminderRound({
        ...reminderSendingOf(
          config,
          server.db,
          server.clock,
          outboxMailTransport(server.db, server.clock, server.app.log),
        ),
        perMinute: { sms, mail: 1 },
      });

    test('without a reminder template the SMS campaign is refused, nothing written, nothing texted', async () => {
      const withoutTemplate = await startTestServer({
        config: gateway.config(simulator, false),
        database: { db: server.db, kind: 'pglite', appliedMigrations: [], close: async () => undefined },
        clock: server.clock,
      });
      try {
        assertRefused(await createSmsCampaign(withoutTemplate), 400, REMINDER_TEXT.smsTemplateMissing);
        assert.equal((await server.db.select().from(reminderCampaigns)).length, 0);
      } finally {
        await withoutTemplate.close();
      }
      assert.equal(gateway.texted(simulator).length, 0);
    });

    test('the campaign texts each learner once through the template, throttled per minute; a refusal is counted failed', async () => {
      const created = dataOf(await createSmsCampaign(server)) as ReminderCampaign;
      assert.equal(created.selected, 4);
      const refusal = gateway.refuseNext(simulator);

      // Two a minute: the first text refused by the gateway, the second accepted; 赵敏 opted out.
      assert.equal(await round(server.config, 2), 1);
      let [campaign] = (
        dataOf(await authed(server, staff.token, 'GET', '/v1/admin/reminders', {})) as { list: ReminderCampaign[] }
      ).list;
      assert.deepEqual(
        [campaign!.sent, campaign!.failed, campaign!.skipped_opted_out, campaign!.pending, campaign!.status],
        [1, 1, 1, 1, 'sending'],
      );
      assert.equal(await round(server.config, 2), 1, 'the next minute, the last one');
      assert.equal(await round(server.config, 2), 0, 'nobody twice, the refused one not retried');
      [campaign] = (
        dataOf(await authed(server, staff.token, 'GET', '/v1/admin/reminders', {})) as { list: ReminderCampaign[] }
      ).list;
      assert.deepEqual(
        [campaign!.sent, campaign!.failed, campaign!.skipped_opted_out, campaign!.pending, campaign!.status],
        [2, 1, 1, 0, 'done'],
      );

      const recipients = await server.db
        .select({
          phone: learners.phone,
          name: learners.name,
          status: reminderRecipients.status,
          error: reminderRecipients.error,
          missingTenths: reminderRecipients.missingTenths,
        })
        .from(reminderRecipients)
        .innerJoin(learners, eq(learners.id, reminderRecipients.learnerId))
        .where(eq(reminderRecipients.campaignId, created.id));
      const failed = recipients.filter((row) => row.status === 'failed');
      assert.equal(failed.length, 1);
      assert.ok(failed[0]!.error?.startsWith(`${refusal}:`), failed[0]!.error ?? '');

      const texted = gateway.texted(simulator);
      assert.equal(texted.length, 2);
      for (const text of texted) {
        const recipient = recipients.find((row) => row.phone === text.phone);
        assert.equal(recipient?.status, 'sent');
        assert.deepEqual(text, {
          phone: recipient.phone,
          signature: SIGNATURE,
          template: REMINDER_TEMPLATE[gateway.name],
          name: recipient.name,
          year: String(YEAR),
          hours: formatHours(recipient.missingTenths),
        });
      }
      assert.ok(!texted.some((text) => text.phone === ZHAO.phone), 'the learner who opted out is not texted');
      assert.equal((await server.db.select().from(smsOutbox)).length, 0, 'nothing in the development outbox');

      const [done] = await server.db
        .select({ after: auditRecords.after })
        .from(auditRecords)
        .where(
          and(eq(auditRecords.action, 'reminder.campaign-done'), eq(auditRecords.target, `学时提醒 ${created.id}`)),
        );
      assert.deepEqual(done?.after, { status: 'done', sent: 2, failed: 1, 'skipped-opted-out': 1 });
    });

    test('production with the gateway and its reminder template: no SMS refusal at start', () => {
      const production = { ...server.config, nodeEnv: 'production', stagingSandbox: false };
      assert.ok(!productionProblems(production).some((line) => line.includes('SMS_')));
      const outbox = { ...production, smsProvider: 'outbox' as const };
      assert.ok(productionProblems(outbox).some((line) => line.includes('SMS_PROVIDER is the development outbox')));
    });
  });
}

describeGateway(aliyun);
describeGateway(tencent);
