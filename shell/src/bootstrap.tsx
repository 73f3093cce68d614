import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@yaoshi/ui/router';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { configureApiClient } from '@yaoshi/api-client/api-config';
import { DEFAULT_APP_ID, DEVELOPMENT_SIGN_SECRET } from '@yaoshi/envelope/envelope';
import { loadSiteAntd } from '@yaoshi/ui/antd-scope';
import { firstPageRoute } from './app/first-page';
import { createSiteRouter } from './app/router';
import { SiteProviders } from './app/site-providers';
import { createSiteStore } from './app/store';
import { fetchPins, takeEarlyPinsRequest } from './federation/pins';
import { createRemoteRegistry } from './federation/remote-registry';

// Build-time settings (DefinePlugin); empty means "use the default".
const store = createSiteStore();
const router = createSiteRouter(store);
configureApiClient({
  appId: process.env.API_SIGN_APP_ID || DEFAULT_APP_ID,
  secret: process.env.API_SIGN_SECRET || DEVELOPMENT_SIGN_SECRET,
  baseUrl: process.env.API_BASE_URL || '',
  navigate: (path) => void router.navigate(path),
});

const registry = createRemoteRegistry({
  fetchPins: () => fetchPins(fetch, takeEarlyPinsRequest()),
  runtime: { loadRemote, registerRemotes },
});
// Start fetching the pins now; the first remote route waits for them, shell pages do not.
void registry.ensurePins().catch(() => undefined);
// The first page's remote and antd's context download while React starts; the route's
// own load then finds them in the federation runtime's and the module's caches. A failure
// here is met again, and shown, by the route itself.
const firstPage = firstPageRoute(window.location.pathname, store.getState().session.isLogin);
if (firstPage?.source.kind === 'remote')
  void registry.load(firstPage.source.remote, firstPage.source.exposed).catch(() => undefined);
if (firstPage && !firstPage.withoutAntd) void loadSiteAntd().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <SiteProviders store={store} registry={registry}>
    <RouterProvider router={router} />
  </SiteProviders>,
);
