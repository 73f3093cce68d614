import { adminEndpoints } from '@yaoshi/contracts/admin';
import type { RouteModule } from '../app-deps';
import { listLearners } from './learner-list';

/** 学员管理: the registrar's calls (issue 18). */
export const learnerAdminRoutes: RouteModule = (api, { db, clock }) => {
  api.add(adminEndpoints.learners, async ({ payload }) => listLearners(db, clock, payload));
};
