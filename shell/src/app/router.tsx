import { Suspense, lazy, type ReactNode } from 'react';
import { Skeleton } from 'antd';
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { RemotePage } from '../federation/remote-page';
import { guardLoader, type GuardContext } from '../route-guard/guard-loader';
import { SiteLayout } from '../site-layout/site-layout';
import type { RouteHandle } from './route-handle';
import { SITE_ROUTES, type SiteRoute } from './site-routes';
import type { SiteStore } from './store';

// Not part of a public first load: the student frame (side menu, welcome bar) and the 404
// page load on demand, so the home page does not carry their antd components.
const StudentFrame = lazy(() => import('../student-area/student-frame').then((m) => ({ default: m.StudentFrame })));
const NotFoundPage = lazy(() => import('../not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })));

function pageOf(route: SiteRoute): ReactNode {
  const { source } = route;
  if (source.kind === 'shell') {
    return (
      <Suspense fallback={<Skeleton active />}>
        <source.Page />
      </Suspense>
    );
  }
  // key: a different route of the same remote gets a fresh loader and boundary.
  return <RemotePage key={route.path} remote={source.remote} exposed={source.exposed} />;
}

function routeObject(route: SiteRoute, guard: GuardContext | null): RouteObject {
  const page = pageOf(route);
  const handle: RouteHandle = { title: route.title };
  return {
    path: route.path,
    handle,
    ...(guard ? { loader: guardLoader(guard) } : {}),
    element:
      route.area === 'student' ? (
        <Suspense fallback={<Skeleton active />}>
          <StudentFrame activeMenuPath={route.menuPath}>{page}</StudentFrame>
        </Suspense>
      ) : (
        page
      ),
  };
}

/** The route tree; with a guard context every route runs the login guard first. */
export function siteRouteObjects(guard: GuardContext | null): RouteObject[] {
  return [
    {
      element: <SiteLayout />,
      // The guard answers synchronously: nothing to show meanwhile.
      HydrateFallback: () => null,
      children: [...SITE_ROUTES.map((route) => routeObject(route, guard)), { path: '*', element: <Suspense fallback={null}><NotFoundPage /></Suspense> }],
    },
  ];
}

/** The routes without the guard (route-table tests). */
export const routeObjects: RouteObject[] = siteRouteObjects(null);

type SiteRouter = ReturnType<typeof createBrowserRouter>;

/** Builds the router with the guard reading the store and the router's own location. */
function guardedRouter(store: SiteStore, create: (routes: RouteObject[]) => SiteRouter): SiteRouter {
  let router: SiteRouter | undefined;
  const guard: GuardContext = {
    isLoggedInMemory: () => store.getState().session.isLogin,
    currentPath: () => (router?.state.initialized ? router.state.location.pathname : null),
  };
  router = create(siteRouteObjects(guard));
  return router;
}

export function createSiteRouter(store: SiteStore) {
  return guardedRouter(store, (routes) => createBrowserRouter(routes));
}

/** Tests: the same routes in memory. */
export function createSiteMemoryRouter(initialPath: string, store: SiteStore) {
  return guardedRouter(store, (routes) => createMemoryRouter(routes, { initialEntries: [initialPath] }));
}
