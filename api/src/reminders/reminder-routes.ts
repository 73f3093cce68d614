import type { FastifyInstance } from 'fastify';
import { REMINDER_TEXT, reminderEndpoints } from '@yaoshi/contracts/reminders';
import type { RouteModule } from '../app-deps';
import { actorOf, learnerActorOf } from '../audit/audit-log';
import { requirePrincipal, requireStaff } from '../auth/authenticator';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { createReminderCampaign, previewReminder, reminderCampaignsList } from './reminder-campaigns';
import { setWantsReminders, UNSUBSCRIBE_PATH, unsubscribeTokenValid, wantsReminders } from './reminder-opt-outs';
import { reminderSmsReady } from './reminder-sending';

/** 学员管理's year-end reminders, and the learner's own setting (issue 37). */
export const reminderRoutes: RouteModule = (api, { db, clock, config }) => {
  api.add(reminderEndpoints.preview, async ({ payload }) => previewReminder(db, payload));

  api.add(reminderEndpoints.create, async ({ payload, staff, request }) =>
    createReminderCampaign(db, clock, actorOf(requireStaff(staff), request.ip), payload, reminderSmsReady(config)),
  );

  api.add(reminderEndpoints.list, async () => ({ list: await reminderCampaignsList(db) }));

  api.add(reminderEndpoints.mySetting, async ({ principal }) => ({
    year_end_reminders: await wantsReminders(db, requirePrincipal(principal).learnerId),
  }));

  api.add(reminderEndpoints.saveMySetting, async ({ payload, principal, request }) => {
    const { learnerId } = requirePrincipal(principal);
    await setWantsReminders(
      db,
      clock,
      await learnerActorOf(db, learnerId, request.ip),
      learnerId,
      payload.year_end_reminders,
    );
    return { year_end_reminders: payload.year_end_reminders };
  });
};

function page(text: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>学时提醒</title></head><body><p>${text}</p></body></html>`;
}

/**
 * GET /unsubscribe/reminders?l=…&t=… — the link in every reminder mail (and its
 * List-Unsubscribe header): one click, no login, turns the learner's reminders off.
 */
export function registerUnsubscribeRoute(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; config: Config },
): void {
  app.get<{ Querystring: { l?: string; t?: string } }>(UNSUBSCRIBE_PATH, async (request, reply) => {
    const learnerId = Number(request.query.l);
    const token = typeof request.query.t === 'string' ? request.query.t : '';
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (
      !Number.isInteger(learnerId) ||
      learnerId <= 0 ||
      !unsubscribeTokenValid(deps.config.mediaUrlSecret, learnerId, token)
    )
      return reply.code(400).send(page(REMINDER_TEXT.unsubscribeLinkInvalid));
    const actor = await learnerActorOf(deps.db, learnerId, request.ip);
    await setWantsReminders(deps.db, deps.clock, actor, learnerId, false);
    return reply.send(page(REMINDER_TEXT.unsubscribed));
  });
}
