import { guardDecision } from '../route-guard/guard-rules';
import type { SiteRoute } from './site-routes';

/**
 * The route a first page load opens, when the guard will let the visitor in (spec 01 §6):
 * its remote's code and antd's context can start downloading before React has rendered,
 * instead of when the route's component first asks for them. Null for an unknown path or
 * a guarded page the visitor will be sent away from (nothing to download for it).
 */
export function firstPageRoute(routes: readonly SiteRoute[], pathname: string, loggedIn: boolean): SiteRoute | null {
  const route = routes.find((candidate) => candidate.path === pathname);
  if (!route) return null;
  const decision = guardDecision({
    to: pathname,
    loginRequired: route.loginRequired,
    from: null,
    loggedInMemory: loggedIn,
    loggedInStorage: loggedIn,
  });
  return decision.kind === 'enter' ? route : null;
}
