import { Suspense, lazy, type ReactNode } from 'react';
import { inSiteAntdScope } from '@yaoshi/ui/antd-scope';
import { createBrowserRouter, type RouteObject } from '@yaoshi/ui/router';
import { RemotePage } from '../federation/remote-page';
import { guardLoader, type GuardContext } from '../route-guard/guard-loader';
import { SiteLayout } from '../site-layout/site-layout';
import { ConsoleLayout } from '../site-layout/console-layout';
import { PageLoading } from '../federation/page-loading';
import type { RouteHandle } from '../site-layout/route-handle';
import type { RemotePins } from '../federation/pins';
import { PinsUnavailable } from '../federation/pins-unavailable';
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

function routeObject(route: SiteRoute, guard: GuardContext | null): RouteObject {
  const page = pageOf(route);
  const handle: RouteHandle = { title: route.title };
  return {
    path: route.path,
    handle,
    ...(guard ? { loader: guardLoader(guard, route.loginRequired) } : {}),
    element:
      route.area === 'student' ? (
        <Suspense fallback={<PageLoading />}>
          <StudentFrame activeMenuPath={route.menuPath}>{page}</StudentFrame>
        </Suspense>
      ) : (
        page
      ),
  };
}

/**
 * The route tree from the shell's pages and the pinned remotes' route manifests; with a
 * guard context every route runs the login guard first. `pins` null: the pins document
 * could not be had, so any page not the shell's says the site is unavailable (not 404).
 */
export function siteRouteObjects(guard: GuardContext | null, pins: RemotePins | null): RouteObject[] {
  const fallback = pins ? <NotFoundPage /> : <PinsUnavailable />;
  const routes = siteRoutes(pins);
  return [
    {
      element: <SiteLayout />,
      // The guard answers synchronously: nothing to show meanwhile.
      HydrateFallback: () => null,
      children: [
        ...routes.filter((route) => route.area !== 'console').map((route) => routeObject(route, guard)),
        { path: '*', element: <Suspense fallback={null}>{fallback}</Suspense> },
      ],
    },
    // A console (the staff console) is a page of its own, outside the site's layout and the learner guard,
    // under the staging banner only.
    {
      element: <ConsoleLayout />,
      HydrateFallback: () => null,
      children: routes.filter((route) => route.area === 'console').map((route) => routeObject(route, null)),
    },
  ];
}

export type SiteRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Builds the router with the guard reading the store and the router's own location. Tests
 * pass react-router's createMemoryRouter as `create`; the site uses the browser's history.
 */
export function createSiteRouter(
  store: SiteStore,
  pins: RemotePins | null,
  create: (routes: RouteObject[]) => SiteRouter = (routes) => createBrowserRouter(routes),
): SiteRouter {
  // The guard may be asked before create() returns (the first navigation), so it reads the
  // router through this holder rather than a variable still in its temporal dead zone.
  const built: { router?: SiteRouter } = {};
  const guard: GuardContext = {
    isLoggedInMemory: () => store.getState().session.isLogin,
    currentPath: () => (built.router?.state.initialized ? built.router.state.location.pathname : null),
  };
  built.router = create(siteRouteObjects(guard, pins));
  return built.router;
}
