import type { ComponentType } from 'react';
import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ok, stubApi, type ReceivedCall, type StubRoute } from '@yaoshi/api-client/testing/stub-api';
import { createSiteRouter } from '../app/router';
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
  const router = createSiteRouter(store, options.pins === undefined ? TEST_PINS : options.pins, (routes) =>
    createMemoryRouter(routes, { initialEntries: [path] }),
  );
  render(
    <SiteProviders store={store} registry={registry}>
      <RouterProvider router={router} />
    </SiteProviders>,
  );
  // The guard runs as a loader: wait for the first navigation to settle.
  await act(async () => {
    while (!router.state.initialized || router.state.navigation.state !== 'idle')
      await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return Object.assign(router, { store });
}
