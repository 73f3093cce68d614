import { associationProfileEndpoints } from '@yaoshi/contracts/association-profile';
import type { RouteModule } from '../app-deps';
import { requireStaff } from '../auth/authenticator';
import { actorOf, auditedChange } from '../audit/audit-log';
import { readAssociationIntroduction, readAssociationProfile, updateAssociationProfile } from './association-profile';

/** The association's profile (issue 20): the public introduction, the staff read and update. */
export const associationProfileRoutes: RouteModule = (api, { db, clock }) => {
  api.add(associationProfileEndpoints.introduction, () => readAssociationIntroduction(db));

  api.add(associationProfileEndpoints.adminRead, () => readAssociationProfile(db));

  api.add(associationProfileEndpoints.adminUpdate, async ({ payload, staff, request }) => {
    const actor = actorOf(requireStaff(staff), request.ip);
    return auditedChange(db, clock, actor, (tx, audit) => updateAssociationProfile(tx, clock, audit, payload));
  });
};
