import { Suspense, lazy, useEffect, useMemo, type ReactNode } from 'react';
import { inSiteAntdScope } from '@yaoshi/ui/antd-scope';
import {
  matchRoutes,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from '@yaoshi/ui/router';
import { RemotePage } from '../federation/remote-page';
import { useGuardedLocation } from '../route-guard/guarded-location';
import { SiteLayout } from '../site-layout/site-layout';
import { ConsoleLayout } from '../site-layout/console-layout';
import { PageLoading } from '../federation/page-loading';
import { RouteHandleContext, isRouteHandle, type RouteHandle } from '../site-layout/route-handle';
import type { RemotePins } from '../federation/pins';
import { PinsUnavailable } from '../federation/pins-unavailable';
import { PageErrorBoundary } from './page-error-boundary';
import { siteRoutes, type SiteRoute } from './site-routes';
import type { SiteStore } from './store';

// Not part of a public first load: the student frame (side menu, welcome bar) and the 404
// page load on demand, each with antd's context (the frame's covers the page inside it).
const StudentFrame = lazy(() => inSiteAntdScope(import('../student-area/student-frame').then((m) => m.StudentFrame)));
const NotFoundPage = lazy(() => inSiteAntdScope(import('../not-found/not-found-page').then((m) => m.NotFoundPage)));

function pageOf(route: SiteRoute): ReactNode {
  const { source } = route;
  if (source.kind === 'shell') {
    return (
      <Suspense fallback={<PageLoading />}>
        <source.Page />
      </Suspense>
    );
  }
  // key: a different route of the same remote gets a fresh loader and boundary. A page in
  // the student frame is in the frame's antd scope; any other brings its own, unless it
  // renders without antd (see SiteRoute.withoutAntd).
  const antdScope = route.area !== 'student' && !route.withoutAntd;
  return (
    <RemotePage
      key={route.path}
      remote={source.remote}
      section={source.section}
      exposed={source.exposed}
      antdScope={antdScope}
    />
  );
}

function routeObject(route: SiteRoute): RouteObject {
  const page = pageOf(route);
  // A console checks its staff session itself: the learner guard lets everyone in.
  const handle: RouteHandle = { title: route.title, loginRequired: route.area !== 'console' && route.loginRequired };
  return {
    path: route.path,
    handle,
    // key: each route its own boundary, so a failed page does not stay failed on the next one.
    element: (
      <PageErrorBoundary key={route.path}>
        {route.area === 'student' ? (
          <Suspense fallback={<PageLoading />}>
            <StudentFrame activeMenuPath={route.menuPath}>{page}</StudentFrame>
          </Suspense>
        ) : (
          page
        )}
      </PageErrorBoundary>
    ),
  };
}

/**
 * The route tree from the shell's pages and the pinned remotes' route manifests. `pins`
 * null: the pins document could not be had, so any page not the shell's says the site is
 * unavailable (not 404).
 */
export function siteRouteObjects(pins: RemotePins | null): RouteObject[] {
  const fallback = pins ? <NotFoundPage /> : <PinsUnavailable />;
  const routes = siteRoutes(pins);
  return [
    {
      element: <SiteLayout />,
      children: [
        ...routes.filter((route) => route.area !== 'console').map(routeObject),
        {
          path: '*',
          element: (
            <PageErrorBoundary key="*">
              <Suspense fallback={null}>{fallback}</Suspense>
            </PageErrorBoundary>
          ),
        },
      ],
    },
    // A console (the staff console) is a page of its own, outside the site's layout and the learner guard,
    // under the staging banner only.
    {
      element: <ConsoleLayout />,
      children: routes.filter((route) => route.area === 'console').map(routeObject),
    },
  ];
}

/** The handle of the route that renders `location` (its deepest match); none for the 404 route. */
function handleAt(routes: RouteObject[], location: Location | string): RouteHandle | undefined {
  const handle: unknown = matchRoutes(routes, location)?.at(-1)?.route.handle;
  return isRouteHandle(handle) ? handle : undefined;
}

/** A full page load of `href` in place of the history entry the router has just added for it. */
const replaceDocument = (href: string) => window.location.replace(href);

/**
 * The site's pages for the router's location, each navigation through the login guard
 * first (`useGuardedLocation`). Tests pass `loadDocument` to see the guard's full page loads.
 */
export function SiteRoutes({
  store,
  pins,
  loadDocument = replaceDocument,
}: {
  store: SiteStore;
  pins: RemotePins | null;
  loadDocument?: (href: string) => void;
}) {
  const routes = useMemo(() => siteRouteObjects(pins), [pins]);
  const shown = useGuardedLocation({
    loginRequired: (pathname) => handleAt(routes, pathname)?.loginRequired ?? false,
    isLoggedInMemory: () => store.getState().session.isLogin,
    loadDocument,
  });
  return shown ? <ShownRoutes routes={routes} location={shown} /> : null;
}

/** The pages of `location`, which may still be the page being left while the guard sends the visitor on. */
function ShownRoutes({ routes, location }: { routes: RouteObject[]; location: Location }) {
  const pages = useRoutes(routes, location);
  return <RouteHandleContext.Provider value={handleAt(routes, location)}>{pages}</RouteHandleContext.Provider>;
}

/** The router's navigate and location. */
export interface RouterAccess {
  navigate: NavigateFunction;
  location: Location;
}

/**
 * Lends the router to code outside React, after each navigation: the API client sends the
 * visitor somewhere (an expired session home), tests read where the site is.
 */
export function LendRouter({ to }: { to: (router: RouterAccess) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => to({ navigate, location }), [to, navigate, location]);
  return null;
}
