import type { ComponentType } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ok, stubApi, type ReceivedCall, type StubRoute } from '@yaoshi/api-client/testing/stub-api';
import { LendRouter, SiteRoutes, type RouterAccess } from '../app/router';
import { SiteProviders } from '../app/site-providers';
import { createSiteStore } from '../app/store';
import type { RemoteKey, RemotePins } from '../federation/pins';
import type { RemoteRegistry } from '../federation/remote-registry';
import { TEST_PINS } from './test-pins';

export const SITE_SETTINGS = {
  site_name: '某省药师协会',
  site_wechat_qrcode: '/media/qrcode/wechat.png',
  site_staff_qrcode: '/media/qrcode/staff.png',
  site_owner: '某省药师协会秘书处',
  site_address: '某市健康路 88 号',
  site_code: '310000',
  site_icp: '浙ICP备12345678号',
  site_supervision_phone: '0571-00000000',
  site_support_phone1: '0571-11111111',
  site_support_phone2: '0571-22222222',
  site_work_time_am: '9:00-12:00',
  site_work_time_pm: '13:30-17:30',
  site_short_name: '某省药协',
  site_footer_lines: ['某省药师协会主办'],
  site_map_point: null,
};

export const CATEGORIES = [
  { id: 1, name: '协会动态' },
  { id: 2, name: '办事指南' },
  { id: 6, name: '联系我们' },
  { id: 4, name: '新闻资讯' },
  { id: 24, name: '协会简介' },
];

export const FRIEND_LINKS = [{ name: '国家药品监督管理局', url: 'https://www.nmpa.gov.cn/', target: '_blank' }];

/** The content calls the shell makes, answered with the data above unless overridden. */
export function serveSiteContent(overrides: Record<string, StubRoute> = {}): ReceivedCall[] {
  return stubApi({
    '/v1/site': () => ok(SITE_SETTINGS),
    '/v1/category': () => ok(CATEGORIES),
    '/v1/links': () => ok(FRIEND_LINKS),
    ...overrides,
  });
}

/** Remotes answer with a page naming itself, except the ones listed as down. */
export function fakeRegistry(down: RemoteKey[] = []): RemoteRegistry {
  return {
    ensurePins: async () => TEST_PINS,
    load: async (remote, exposed) => {
      if (down.includes(remote)) throw new Error(`${remote} unreachable`);
      const Page: ComponentType = () => <h1>{`${remote}:${exposed}`}</h1>;
      return { default: Page };
    },
    loaded: () => undefined,
    prepareRetry: async () => {},
    reportRenderError: () => {},
  };
}

/** Renders the whole site on `path`; logged in (the localStorage flag) unless `anonymous`. */
export async function renderSite(
  path: string,
  registry: RemoteRegistry = fakeRegistry(),
  options: { anonymous?: boolean; pins?: RemotePins | null } = {},
) {
  if (!options.anonymous) localStorage.setItem('isLogin', 'true');
  const store = createSiteStore();
  // Where the router is, after each navigation; and the full page loads the guard asked for.
  let router: RouterAccess | undefined;
  const documentLoads: string[] = [];
  await act(async () => {
    render(
      <SiteProviders store={store} registry={registry}>
        <MemoryRouter initialEntries={[path]}>
          <LendRouter
            to={(access) => {
              router = access;
            }}
          />
          <SiteRoutes
            store={store}
            pins={options.pins === undefined ? TEST_PINS : options.pins}
            loadDocument={(href) => documentLoads.push(href)}
          />
        </MemoryRouter>
      </SiteProviders>,
    );
  });
  const lent = () => {
    if (!router) throw new Error('the router has not rendered');
    return router;
  };
  return {
    store,
    documentLoads,
    /** The router's location now. */
    location: () => lent().location,
    /** Navigates as a link or `navigate()` in the site would, and lets the guard act on it. */
    navigate: (to: string | number) =>
      act(async () => {
        const { navigate } = lent();
        await (typeof to === 'number' ? navigate(to) : navigate(to));
      }),
  };
}
