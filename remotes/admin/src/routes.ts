import type { RouteEntry } from '@yaoshi/contracts/release-manifest';

/**
 * This remote's pages, as the shell routes them (its route manifest, written into
 * `release-manifest.json` by the build): the whole staff console below /admin, a page of
 * its own outside the site's layout (it routes its pages and checks its staff session
 * itself). Registered in the release registry like every remote: no shell constant.
 */
export const SECTION = '管理后台';

export const ROUTES: RouteEntry[] = [
  { path: '/admin/*', area: 'console', title: '管理后台', exposed: 'AdminApp', loginRequired: false },
];
