import { staffDigestEndpoints } from '@yaoshi/contracts/mail';
import type { RouteModule } from '../app-deps';
import { actorOf } from '../audit/audit-log';
import { requireStaff } from '../auth/authenticator';
import { digestSettingOf, saveDigestSetting } from './staff-digest';

/** The staff member's own 每日待办 setting (their account page in the console). */
export const staffDigestRoutes: RouteModule = (api, { db, clock }) => {
  api.add(staffDigestEndpoints.mySetting, async ({ staff }) => digestSettingOf(db, requireStaff(staff).staffId));

  api.add(staffDigestEndpoints.saveMySetting, async ({ payload, staff, request }) => {
    const me = requireStaff(staff);
    return saveDigestSetting(db, clock, { ...actorOf(me, request.ip), staffId: me.staffId }, payload);
  });
};
