import type { RouteEntry } from '@yaoshi/contracts/release-manifest';

/**
 * This remote's pages, as the shell routes them (its route manifest, written into
 * `release-manifest.json` by the build). Titles and menu items are spec 02's.
 */
export const SECTION = '订单管理';

export const ROUTES: RouteEntry[] = [
  {
    path: '/myOrder',
    area: 'student',
    title: '我的订单',
    menuPath: '/myOrder',
    exposed: 'MyOrder',
    loginRequired: true,
  },
  {
    path: '/requestRefund',
    area: 'student',
    title: '我的订单',
    menuPath: '/myOrder',
    exposed: 'RequestRefund',
    loginRequired: true,
  },
  {
    path: '/requestInvoice',
    area: 'student',
    title: '我的订单',
    menuPath: '/myOrder',
    exposed: 'RequestInvoice',
    loginRequired: true,
  },
];
