import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@yaoshi/ui/router';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { configureApiClient } from '@yaoshi/api-client/api-config';
import { DEFAULT_APP_ID, DEVELOPMENT_SIGN_SECRET } from '@yaoshi/envelope/envelope';
import { createSiteRouter } from './app/router';
import { SiteProviders } from './app/site-providers';
import { createSiteStore } from './app/store';
import { fetchPins } from './federation/pins';
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

const registry = createRemoteRegistry({ fetchPins: () => fetchPins(), runtime: { loadRemote, registerRemotes } });
// Start fetching the pins now; the first remote route waits for them, shell pages do not.
void registry.ensurePins().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <SiteProviders store={store} registry={registry}>
    <RouterProvider router={router} />
  </SiteProviders>,
);
