import { and, asc, count, desc, eq } from 'drizzle-orm';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { formatHours } from '@yaoshi/contracts/course-selection-rules';
import {
  REMINDER_TEXT,
  type ReminderCampaign,
  type ReminderChannel,
  type ReminderPreview,
} from '@yaoshi/contracts/reminders';
import { actorNameOf, jobActor, writeAudit, type AuditActor } from '../audit/audit-log';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { badInput } from '../envelope/api-error';
import { isMailAddress, mailSenderOf } from '../mail/mail-queue';
import { reminderMail } from '../mail/mail-content';
import { MailSendError, type MailTransport } from '../mail/mail-transport';
import { SmsSendError } from '../sms/sms-provider';
import { hoursToTenths, REMINDERS_PER_MINUTE } from './reminder-rules';
import { selectReminderLearners, type ReminderFilterInput } from './reminder-selection';
import { unsubscribeUrl } from './reminder-opt-outs';
import type { ReminderSms } from './reminder-sms';
import {
  reminderCampaigns,
  reminderOptOuts,
  reminderRecipients,
  type ReminderRecipientStatus,
} from './reminders-schema';
import { learners } from '../accounts/accounts-schema';

export const REMINDERS_SEND_JOB = 'reminders-send';

export async function previewReminder(db: Database, filter: ReminderFilterInput): Promise<ReminderPreview> {
  const chosen = await selectReminderLearners(db, filter);
  return {
    selected: chosen.length,
    opted_out: chosen.filter((learner) => learner.optedOut).length,
    without_email: chosen.filter((learner) => !isMailAddress(learner.email)).length,
  };
}

/**
 * A campaign and its recipients (each learner once: the primary key), audited in the same
 * transaction; the reminders-send job sends it. Refused, with nothing written, when nobody
 * is chosen or the channel cannot send.
 */
export async function createReminderCampaign(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  filter: ReminderFilterInput & { channel: ReminderChannel },
  smsReady: boolean,
): Promise<ReminderCampaign> {
  if (filter.channel === 'sms' && !smsReady) throw badInput(REMINDER_TEXT.smsTemplateMissing);
  const id = await db.transaction(async (tx) => {
    const chosen = await selectReminderLearners(tx, filter);
    if (chosen.length === 0) throw badInput(REMINDER_TEXT.nobodySelected);
    const now = clock.now();
    const [campaign] = await tx
      .insert(reminderCampaigns)
      .values({
        year: filter.year,
        minMissingTenths: filter.min_missing_hours === undefined ? null : hoursToTenths(filter.min_missing_hours),
        company: filter.company?.trim() ?? '',
        channel: filter.channel,
        createdByStaffId: actor.staffId,
        createdByName: (await actorNameOf(tx, actor)) ?? actor.username,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: reminderCampaigns.id });
    await tx.insert(reminderRecipients).values(
      chosen.map((learner) => ({
        campaignId: campaign!.id,
        learnerId: learner.id,
        missingTenths: learner.missingTenths,
        earnedTenths: learner.earnedTenths,
      })),
    );
    await writeAudit(tx, clock, actor, {
      action: 'reminder.campaign-create',
      target: `学时提醒 ${campaign!.id}`,
      after: {
        year: filter.year,
        min_missing_hours: filter.min_missing_hours ?? null,
        company: filter.company ?? '',
        channel: filter.channel,
        selected: chosen.length,
      },
    });
    return campaign!.id;
  });
  const [created] = await reminderCampaignsList(db, id);
  return created!;
}

/** Campaigns, newest first, each with its counts by recipient state. */
export async function reminderCampaignsList(db: Database, onlyId?: number): Promise<ReminderCampaign[]> {
  const campaigns = await db
    .select()
    .from(reminderCampaigns)
    .where(onlyId === undefined ? undefined : eq(reminderCampaigns.id, onlyId))
    .orderBy(desc(reminderCampaigns.id))
    .limit(50);
  const counts = await db
    .select({ campaignId: reminderRecipients.campaignId, status: reminderRecipients.status, n: count() })
    .from(reminderRecipients)
    .groupBy(reminderRecipients.campaignId, reminderRecipients.status);
  const countOf = (id: number, status: ReminderRecipientStatus) =>
    Number(counts.find((row) => row.campaignId === id && row.status === status)?.n ?? 0);
  return campaigns.map((campaign) => {
    const by = (status: ReminderRecipientStatus) => countOf(campaign.id, status);
    const selected = ['pending', 'sent', 'failed', 'skipped-opted-out', 'skipped-no-address'].reduce(
      (sum, status) => sum + by(status as ReminderRecipientStatus),
      0,
    );
    return {
      id: campaign.id,
      year: campaign.year,
      min_missing_hours: campaign.minMissingTenths === null ? null : campaign.minMissingTenths / 10,
      company: campaign.company,
      channel: campaign.channel,
      status: campaign.status,
      selected,
      sent: by('sent'),
      failed: by('failed'),
      skipped_opted_out: by('skipped-opted-out'),
      skipped_no_address: by('skipped-no-address'),
      pending: by('pending'),
      created_by: campaign.createdByName,
      created_at: formatBeijingTime(campaign.createdAt),
      finished_at: campaign.finishedAt ? formatBeijingTime(campaign.finishedAt) : null,
    };
  });
}

export interface ReminderSending {
  db: Database;
  clock: Clock;
  mail: MailTransport;
  sms: ReminderSms;
  /** The site's address and the secret the unsubscribe links are signed with. */
  baseUrl: string;
  linkSecret: string;
  /** Default REMINDERS_PER_MINUTE. */
  perMinute?: Readonly<Record<ReminderChannel, number>>;
}

const actor = jobActor(REMINDERS_SEND_JOB);

interface Outcome {
  learnerId: number;
  status: ReminderRecipientStatus;
  error: string | null;
}

/**
 * One minute's share of every campaign still sending: at most `perMinute[channel]` learners
 * are sent to (skips do not count against the provider's limit); each outcome is recorded on
 * the learner's row, the round audited with its counts, and a campaign with nobody pending
 * is done (audited with its final counts). Answers how many were sent.
 */
export async function sendReminderRound(deps: ReminderSending): Promise<number> {
  const { db, clock } = deps;
  const sending = await db.select().from(reminderCampaigns).where(eq(reminderCampaigns.status, 'sending'));
  let sentInAll = 0;
  const signer = sending.length > 0 ? await mailSenderOf(db) : null;
  for (const campaign of sending) {
    const quota = (deps.perMinute ?? REMINDERS_PER_MINUTE)[campaign.channel];
    const pending = await db
      .select({
        learnerId: reminderRecipients.learnerId,
        missingTenths: reminderRecipients.missingTenths,
        earnedTenths: reminderRecipients.earnedTenths,
        name: learners.name,
        phone: learners.phone,
        email: learners.email,
        optedOutAt: reminderOptOuts.optedOutAt,
      })
      .from(reminderRecipients)
      .innerJoin(learners, eq(learners.id, reminderRecipients.learnerId))
      .leftJoin(reminderOptOuts, eq(reminderOptOuts.learnerId, reminderRecipients.learnerId))
      .where(and(eq(reminderRecipients.campaignId, campaign.id), eq(reminderRecipients.status, 'pending')))
      .orderBy(asc(reminderRecipients.learnerId));
    const outcomes: Outcome[] = [];
    let sentNow = 0;
    for (const learner of pending) {
      if (learner.optedOutAt !== null) {
        outcomes.push({ learnerId: learner.learnerId, status: 'skipped-opted-out', error: null });
        continue;
      }
      if (campaign.channel === 'mail' && !isMailAddress(learner.email)) {
        outcomes.push({ learnerId: learner.learnerId, status: 'skipped-no-address', error: null });
        continue;
      }
      if (sentNow >= quota) continue;
      sentNow += 1;
      try {
        if (campaign.channel === 'mail') {
          const link = unsubscribeUrl(deps.baseUrl, deps.linkSecret, learner.learnerId);
          const content = reminderMail(
            {
              learnerName: learner.name,
              year: campaign.year,
              requiredHours: formatHours(learner.missingTenths + learner.earnedTenths),
              earnedHours: formatHours(learner.earnedTenths),
              missingHours: formatHours(learner.missingTenths),
              unsubscribeUrl: link,
            },
            signer!,
          );
          await deps.mail.send({
            to: learner.email.trim(),
            subject: content.subject,
            text: content.body,
            headers: { 'List-Unsubscribe': `<${link}>` },
          });
        } else {
          await deps.sms.sendReminder({
            phone: learner.phone,
            name: learner.name,
            year: campaign.year,
            missingHours: formatHours(learner.missingTenths),
          });
        }
        outcomes.push({ learnerId: learner.learnerId, status: 'sent', error: null });
      } catch (error) {
        const words =
          error instanceof SmsSendError
            ? `${error.providerCode}: ${error.message}`
            : error instanceof MailSendError || error instanceof Error
              ? error.message
              : String(error);
        outcomes.push({ learnerId: learner.learnerId, status: 'failed', error: words.slice(0, 300) });
      }
    }
    sentInAll += outcomes.filter((outcome) => outcome.status === 'sent').length;
    await recordRound(db, clock, campaign.id, outcomes, pending.length - outcomes.length);
  }
  return sentInAll;
}

async function recordRound(
  db: Database,
  clock: Clock,
  campaignId: number,
  outcomes: readonly Outcome[],
  stillPending: number,
): Promise<void> {
  if (outcomes.length === 0 && stillPending > 0) return;
  await db.transaction(async (tx) => {
    const now = clock.now();
    for (const outcome of outcomes) {
      await tx
        .update(reminderRecipients)
        .set({ status: outcome.status, error: outcome.error, sentAt: outcome.status === 'sent' ? now : null })
        .where(and(eq(reminderRecipients.campaignId, campaignId), eq(reminderRecipients.learnerId, outcome.learnerId)));
    }
    const tally = (status: ReminderRecipientStatus) => outcomes.filter((outcome) => outcome.status === status).length;
    const target = `学时提醒 ${campaignId}`;
    if (outcomes.length > 0)
      await writeAudit(tx, clock, actor, {
        action: 'reminder.send',
        target,
        after: {
          sent: tally('sent'),
          failed: tally('failed'),
          skipped_opted_out: tally('skipped-opted-out'),
          skipped_no_address: tally('skipped-no-address'),
          pending: stillPending,
        },
      });
    if (stillPending === 0) {
      await tx
        .update(reminderCampaigns)
        .set({ status: 'done', finishedAt: now, updatedAt: now })
        .where(eq(reminderCampaigns.id, campaignId));
      const totals = await tx
        .select({ status: reminderRecipients.status, n: count() })
        .from(reminderRecipients)
        .where(eq(reminderRecipients.campaignId, campaignId))
        .groupBy(reminderRecipients.status);
      await writeAudit(tx, clock, actor, {
        action: 'reminder.campaign-done',
        target,
        before: { status: 'sending' },
        after: { status: 'done', ...Object.fromEntries(totals.map((row) => [row.status, Number(row.n)])) },
      });
    }
  });
}

/** For tests and the console: a campaign's recipients' states. */
export async function recipientStates(db: Database, campaignId: number) {
  return db
    .select({ learnerId: reminderRecipients.learnerId, status: reminderRecipients.status })
    .from(reminderRecipients)
    .where(eq(reminderRecipients.campaignId, campaignId))
    .orderBy(asc(reminderRecipients.learnerId));
}
