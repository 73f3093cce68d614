import { staffAdminEndpoints } from '@yaoshi/contracts/staff-admin';
import { requireStaff } from '../auth/authenticator';
import type { RouteModule } from '../app-deps';
import { actorOf, auditedChange } from '../audit/audit-log';
import { changeStaffPassword, createStaff, listStaff, loginStaff, staffSelf, updateStaff } from './staff-accounts';
import { revokeStaffSession } from './staff-sessions';

/** Staff login and logout, and the 管理员's accounts page (issue 18). */
export const staffRoutes: RouteModule = (api, { db, clock, passwords }) => {
  api.add(staffAdminEndpoints.login, async ({ payload, request }) =>
    loginStaff(db, clock, passwords, payload, request.ip),
  );

  api.add(staffAdminEndpoints.logout, async ({ staff, request }) => {
    const me = requireStaff(staff);
    await auditedChange(db, clock, actorOf(me, request.ip), async (tx, audit) => {
      await revokeStaffSession(tx, clock, me.sessionId);
      await audit({ action: 'staff.logout', target: me.username });
    });
    return null;
  });

  api.add(staffAdminEndpoints.me, async ({ staff }) => staffSelf(db, requireStaff(staff).staffId));

  api.add(staffAdminEndpoints.passwordChange, async ({ payload, staff, request }) => {
    await changeStaffPassword(db, clock, passwords, requireStaff(staff), request.ip, payload);
    return null;
  });

  api.add(staffAdminEndpoints.staffList, async () => listStaff(db, clock));

  api.add(staffAdminEndpoints.staffCreate, async ({ payload, staff, request }) =>
    auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      createStaff(tx, clock, audit, payload),
    ),
  );

  api.add(staffAdminEndpoints.staffUpdate, async ({ payload, staff, request }) => {
    await auditedChange(db, clock, actorOf(requireStaff(staff), request.ip), (tx, audit) =>
      updateStaff(tx, clock, audit, payload),
    );
    return null;
  });
};
