import type { ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { RemotePage } from '../federation/remote-page';
import { NotFoundPage } from '../not-found/not-found-page';
import { SiteLayout } from '../site-layout/site-layout';
import { StudentFrame } from '../student-area/student-frame';
import type { RouteHandle } from './route-handle';
import { SITE_ROUTES, type SiteRoute } from './site-routes';

function pageOf(route: SiteRoute): ReactNode {
  const { source } = route;
  if (source.kind === 'shell') return <source.Page />;
  // key: a different route of the same remote gets a fresh loader and boundary.
  return <RemotePage key={route.path} remote={source.remote} exposed={source.exposed} />;
}

function routeObject(route: SiteRoute): RouteObject {
  const page = pageOf(route);
  const handle: RouteHandle = { title: route.title };
  return {
    path: route.path,
    handle,
    element: route.area === 'student' ? <StudentFrame activeMenuPath={route.menuPath}>{page}</StudentFrame> : page,
  };
}

export const routeObjects: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [...SITE_ROUTES.map(routeObject), { path: '*', element: <NotFoundPage /> }],
  },
];

export function createSiteRouter() {
  return createBrowserRouter(routeObjects);
}

/** Tests: the same routes in memory. */
export function createSiteMemoryRouter(initialPath: string) {
  return createMemoryRouter(routeObjects, { initialEntries: [initialPath] });
}
