import type { RouteEntry } from '@yaoshi/contracts/release-manifest';

/**
 * This remote's pages, as the shell routes them (its route manifest, written into
 * `release-manifest.json` by the build). Publishing a version with a changed list adds,
 * renames or removes pages with no shell release.
 */
export const SECTION = '协会资讯';

// Plain markup, no antd: see no-antd.test.ts.
const publicPage = (path: string, exposed: string): RouteEntry => ({
  path,
  area: 'public',
  exposed,
  loginRequired: false,
  withoutAntd: true,
});

export const ROUTES: RouteEntry[] = [
  publicPage('/', 'Home'),
  publicPage('/newsList', 'NewsList'),
  publicPage('/associationNewsDetail', 'AssociationNewsDetail'),
  publicPage('/newDetail', 'NewDetail'),
  publicPage('/associationIntroduce', 'AssociationIntroduce'),
  publicPage('/contactUs', 'ContactUs'),
  publicPage('/notice', 'Notice'),
  publicPage('/downloadApp', 'DownloadApp'),
  publicPage('/verify', 'Verify'),
];
