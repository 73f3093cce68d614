import { archiveReviewEndpoints } from '@yaoshi/contracts/archive-reviews';
import type { RouteModule } from '../app-deps';
import { requireStaff } from '../auth/authenticator';
import { actorOf, auditedChange } from '../audit/audit-log';
import { decideArchiveReviews, listArchiveReviews } from './archive-reviews';

/** 档案审核 (issue 20): the year's completers with their review; pass or fail, audited. */
export const archiveReviewRoutes: RouteModule = (api, { db, clock }) => {
  api.add(archiveReviewEndpoints.list, async ({ payload }) => {
    const { page, size, ...query } = payload;
    return listArchiveReviews(db, query, page, size, clock.now());
  });

  api.add(archiveReviewEndpoints.decide, async ({ payload, staff, request }) => {
    const actor = actorOf(requireStaff(staff), request.ip);
    return auditedChange(db, clock, actor, (tx, audit) => decideArchiveReviews(tx, clock, audit, actor, payload));
  });
};
