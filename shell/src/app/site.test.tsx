import { render, screen, waitFor, within } from '@testing-library/react';
import { ReleaseOverrideBanner } from '../federation/release-override-banner';
import { matchRoutes } from 'react-router-dom';
import { ok } from '@yaoshi/api-client/testing/stub-api';
import { fakeRegistry, renderSite, serveSiteContent } from '../testing/render-site';
import { TEST_PINS } from '../testing/test-pins';
import { ConsoleLayout } from '../site-layout/console-layout';
import { siteRouteObjects } from './router';
import { siteRoutes } from './site-routes';

beforeEach(() => sessionStorage.clear());
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

/** DESIGN.md's ownership table, plus the shell's own account pages. */
const OWNERS: Record<string, string[]> = {
  'public-content': [
    '/',
    '/newsList',
    '/associationNewsDetail',
    '/newDetail',
    '/associationIntroduce',
    '/contactUs',
    '/notice',
    '/downloadApp',
  ],
  enrolment: ['/signStudy', '/publicSignStudy', '/pay'],
  study: [
    '/myCourse',
    '/myCourseCopy',
    '/publicCourse',
    '/videoLearning',
    '/publicVideoLearning',
    '/faceCollection',
    '/examList',
    '/exam',
    '/mockExam',
  ],
  orders: ['/myOrder', '/requestRefund', '/requestInvoice'],
  shell: ['/studentsNote', '/myInfo', '/agreement', '/assessment', '/onlineTeaching'],
};

test('every route of both specs is registered from the shell and the pinned route manifests, with its owner', () => {
  const routes = siteRoutes(TEST_PINS);
  const routeObjects = siteRouteObjects(TEST_PINS);
  const owners = Object.fromEntries(routes.map((r) => [r.path, r.source.kind === 'shell' ? 'shell' : r.source.remote]));
  for (const [owner, paths] of Object.entries(OWNERS)) {
    for (const path of paths) {
      expect([path, owners[path]]).toEqual([path, owner]);
      expect(matchRoutes(routeObjects, path)?.at(-1)?.route.path).toBe(path);
    }
  }
  expect(routes).toHaveLength(Object.values(OWNERS).flat().length);
});

/** spec 01 §2 "Login-guarded routes of the student area" (/faceCollection carries no flag, spec 02 §2). */
const LOGIN_GUARDED_PATHS = [
  '/studentsNote',
  '/myInfo',
  '/signStudy',
  '/myCourse',
  '/publicSignStudy',
  '/publicCourse',
  '/myCourseCopy',
  '/examList',
  '/myOrder',
  '/agreement',
  '/assessment',
  '/pay',
  '/exam',
  '/onlineTeaching',
  '/videoLearning',
  '/publicVideoLearning',
  '/requestInvoice',
  '/requestRefund',
];

test('the login-flagged routes are exactly spec 01 §2', () => {
  expect(
    siteRoutes(TEST_PINS)
      .filter((route) => route.loginRequired)
      .map((route) => route.path)
      .sort(),
  ).toEqual([...LOGIN_GUARDED_PATHS].sort());
});

test('a page a newly pinned version names is routed; a path claimed twice keeps its first owner', async () => {
  const reports: string[] = [];
  const pins = {
    ...TEST_PINS,
    'public-content': {
      ...TEST_PINS['public-content']!,
      routes: [
        ...TEST_PINS['public-content']!.routes,
        { path: '/events', area: 'public' as const, exposed: 'Events', loginRequired: false },
      ],
    },
    certificates: {
      version: '1.0.0',
      federationName: 'certificates',
      section: '证书',
      entry: '/remotes/certificates/1.0.0/mf-manifest.json',
      routes: [{ path: '/myInfo', area: 'student' as const, exposed: 'Mine', loginRequired: true }],
    },
  };
  const routes = siteRoutes(pins, (message) => reports.push(message));
  expect(routes.find((route) => route.path === '/events')?.source).toMatchObject({
    kind: 'remote',
    remote: 'public-content',
    exposed: 'Events',
  });
  expect(routes.find((route) => route.path === '/myInfo')?.source.kind).toBe('shell');
  expect(reports).toEqual(['certificates claims /myInfo, which shell renders: left out']);
  serveSiteContent();
  await renderSite('/events', fakeRegistry(), { pins });
  expect(await screen.findByRole('heading', { name: 'public-content:Events' })).toBeInTheDocument();
});

test('without the pins document, a page outside the shell says the site cannot load it (not 404)', async () => {
  serveSiteContent();
  await renderSite('/newsList', fakeRegistry(), { pins: null });
  expect(await screen.findByText('「页面」模块暂时无法加载，请检查网络后重试')).toBeInTheDocument();
  expect(screen.queryByText('页面不存在')).not.toBeInTheDocument();
});

test('a route renders its remote page inside the student frame, titled per spec 02', async () => {
  serveSiteContent();
  await renderSite('/myOrder');
  expect(await screen.findByRole('heading', { name: 'orders:MyOrder' })).toBeInTheDocument();
  const menu = screen.getByRole('navigation', { name: '学员中心菜单' });
  expect(within(menu).getByRole('link', { name: '我的订单' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByText('欢迎您，学员！')).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('我的订单 - 某省药师协会'));
});

test('a child route lights its parent menu item (video learning → 专业课学习)', async () => {
  serveSiteContent();
  await renderSite('/videoLearning?cid=3');
  await screen.findByRole('heading', { name: 'study:VideoLearning' });
  const menu = screen.getByRole('navigation', { name: '学员中心菜单' });
  expect(within(menu).getByRole('link', { name: '专业课学习' })).toHaveAttribute('aria-current', 'page');
});

test('the home page title is the association name', async () => {
  serveSiteContent();
  await renderSite('/');
  expect(await screen.findByRole('heading', { name: 'public-content:Home' })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('某省药师协会'));
});

test('with one remote down, its route shows the message while header, footer and other remotes work', async () => {
  serveSiteContent();
  const site = await renderSite('/myOrder', fakeRegistry(['orders']));
  expect(await screen.findByText('「订单管理」模块暂时无法加载，请检查网络后重试')).toBeInTheDocument();
  expect(
    await within(screen.getByRole('navigation', { name: '主导航' })).findByRole('link', { name: '新闻资讯' }),
  ).toBeInTheDocument();
  expect(await screen.findByText('主办单位：某省药师协会秘书处')).toBeInTheDocument();
  await site.navigate('/myCourse');
  expect(await screen.findByRole('heading', { name: 'study:MyCourse' })).toBeInTheDocument();
});

test('shell pages render without any remote', async () => {
  serveSiteContent({ '/v1/pc_notes': () => ok({ thumb: '', excerpt: '流程摘要', content: '<p>须知正文</p>' }) });
  await renderSite('/studentsNote', fakeRegistry(['public-content', 'enrolment', 'study', 'orders']));
  expect(await screen.findByRole('heading', { name: '专业课学习考核流程及介绍' })).toBeInTheDocument();
  expect(await screen.findByText('须知正文')).toBeInTheDocument();
});

test('an unknown path says so', async () => {
  serveSiteContent();
  await renderSite('/no-such-page');
  expect(await screen.findByText('页面不存在')).toBeInTheDocument();
});

test('an override shows a banner naming the remote and version; without one there is none', () => {
  const overridden = { ...TEST_PINS, study: { ...TEST_PINS.study!, version: '0.2.0-rc.1', via: 'override' as const } };
  const { unmount } = render(<ReleaseOverrideBanner pins={overridden} />);
  expect(screen.getByRole('status', { name: '测试版本' })).toHaveTextContent(
    '测试版本：「在线学习」study 0.2.0-rc.1（仅本浏览器可见，1 小时内有效）',
  );
  unmount();
  render(<ReleaseOverrideBanner pins={TEST_PINS} />);
  expect(screen.queryByRole('status', { name: '测试版本' })).not.toBeInTheDocument();
});

test('a remote registered with a console page (the staff console) gets its prefix as a page of its own, with no shell change', () => {
  const pins = {
    ...TEST_PINS,
    admin: {
      version: '0.1.0',
      federationName: 'admin',
      section: '管理后台',
      entry: '/remotes/admin/0.1.0/mf-manifest.json',
      routes: [{ path: '/admin/*', area: 'console' as const, exposed: 'AdminApp', loginRequired: false }],
    },
  };
  const routeObjects = siteRouteObjects(pins);
  expect(matchRoutes(routeObjects, '/admin/releases')?.at(-1)?.route.path).toBe('/admin/*');
  // Outside the site's layout (header, footer, learner guard): only under the console's (the staging banner).
  const matched = matchRoutes(routeObjects, '/admin/login');
  expect(matched).toHaveLength(2);
  expect(matched?.[0]?.route.element).toEqual(<ConsoleLayout />);
  expect(matchRoutes(siteRouteObjects(TEST_PINS), '/admin/login')?.at(-1)?.route.path).toBe('*');
});
