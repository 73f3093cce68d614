import { Suspense, lazy, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { SiteSlotsContext, type SiteSlots } from '@yaoshi/ui/site-slots';
import { LoginBoxPlace } from '@yaoshi/ui/login-box-place';
import { useHydrating } from '@yaoshi/ui/hydrating';
import { focusLoginInput } from '../login/login-focus';
import { settled } from '../federation/settled';
import type * as LoginPanelModuleType from '../login/login-panel';
import { RemoteRegistryContext } from '../federation/remote-registry-context';
import type { RemoteRegistry } from '../federation/remote-registry';
import type { SiteStore } from './store';

type LoginPanelModule = typeof LoginPanelModuleType;

/**
 * The login box's code (its rules, the account endpoints, the code button) loads with the
 * page that places it, the home page, not with every page's main.js: a signed-in learner's
 * pages never show it. bootstrap starts the download early when the first page is `/`.
 */
let panelModule: LoginPanelModule | undefined;
export const loadLoginPanel = () =>
  import('../login/login-panel').then((module) => {
    panelModule = module;
    return module;
  });
// Loaded already (bootstrap asks for it with the home page): drawn at once, not after a suspense.
const LazyLoginPanel = lazy(() =>
  panelModule
    ? settled({ default: panelModule.LoginPanel })
    : loadLoginPanel().then((module) => ({ default: module.LoginPanel })),
);

function LoginPanelSlot() {
  // Hydrating a server-rendered home page: the server's stand-in first, node for node, then the panel.
  if (useHydrating()) return <LoginBoxPlace />;
  return (
    <Suspense fallback={<LoginBoxPlace />}>
      <LazyLoginPanel />
    </Suspense>
  );
}

/** What the shell lends to remote pages (the home page places the login panel). */
const SITE_SLOTS: SiteSlots = { LoginPanel: LoginPanelSlot, focusLoginInput };

/**
 * One React tree carries the store and the remote registry for shell and remotes alike.
 * antd's context (locale zh_CN, the site's theme) is not here: it is loaded with the first
 * page that renders antd and wraps that page (`@yaoshi/ui/antd-scope`), so the home page,
 * which renders none, does not download antd's engine.
 */
export function SiteProviders({
  store,
  registry,
  children,
}: {
  store: SiteStore;
  registry: RemoteRegistry;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <SiteSlotsContext.Provider value={SITE_SLOTS}>
        <RemoteRegistryContext.Provider value={registry}>{children}</RemoteRegistryContext.Provider>
      </SiteSlotsContext.Provider>
    </Provider>
  );
}
