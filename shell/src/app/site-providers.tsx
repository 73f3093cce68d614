import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Provider } from 'react-redux';
import { SiteSlotsContext, type SiteSlots } from '@yaoshi/ui/site-slots';
import { LoginPanel, focusLoginInput } from '../login/login-panel';
import { RemoteRegistryContext } from '../federation/remote-registry-context';
import type { RemoteRegistry } from '../federation/remote-registry';
import type { SiteStore } from './store';

dayjs.locale('zh-cn');

export const SITE_THEME = { token: { colorPrimary: '#1f5fa8' } } as const;

/** antd's static message (used by the error catalogue) renders outside the React tree; give it the locale and theme. */
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={SITE_THEME}>
      {children}
    </ConfigProvider>
  ),
});

/** What the shell lends to remote pages (the home page places the login panel). */
const SITE_SLOTS: SiteSlots = { LoginPanel, focusLoginInput };

/** One React tree carries the store, antd's context and the remote registry for shell and remotes alike. */
export function SiteProviders({ store, registry, children }: { store: SiteStore; registry: RemoteRegistry; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider locale={zhCN} theme={SITE_THEME}>
        <SiteSlotsContext.Provider value={SITE_SLOTS}>
          <RemoteRegistryContext.Provider value={registry}>{children}</RemoteRegistryContext.Provider>
        </SiteSlotsContext.Provider>
      </ConfigProvider>
    </Provider>
  );
}
