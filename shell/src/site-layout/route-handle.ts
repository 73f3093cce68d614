import { createContext } from 'react';

/** What each route carries in its react-router `handle`, read by the login guard and the layout. */
export interface RouteHandle {
  title?: string;
  /** The login guard sends anonymous visitors away (never on a console's routes). */
  loginRequired: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'loginRequired' in value;
}

/** The handle of the route on screen (none for a path no page claims): the layout's page title. */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);
