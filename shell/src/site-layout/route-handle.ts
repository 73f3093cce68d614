/** What each route carries in its react-router `handle`, read by the layout. */
export interface RouteHandle {
  title?: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
