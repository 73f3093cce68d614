import { fileURLToPath } from 'node:url';
import { DEV_PORTS, createFederatedConfig } from '../../rspack.config.base';
import { serverBundleConfig } from '../../rspack/server-bundle';
import { EXPOSES } from './src/exposes';
import { ROUTES, SECTION } from './src/routes';

const browser = createFederatedConfig({
  name: 'public_content',
  kind: 'remote',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  exposes: EXPOSES,
  release: { key: 'public-content', section: SECTION, routes: ROUTES },
  devPort: DEV_PORTS['public-content'],
  // The contact page's map service (src/contact/map-config.ts); unset = the static map picture.
  define: {
    'process.env.AMAP_KEY': JSON.stringify(process.env.AMAP_KEY ?? ''),
    'process.env.AMAP_SECURITY_CODE': JSON.stringify(process.env.AMAP_SECURITY_CODE ?? ''),
  },
});

const dir = fileURLToPath(new URL('.', import.meta.url));

/**
 * Two builds, one version folder: the browser's federated remote and the server bundle of the
 * public pages (rspack/server-bundle.ts). Dev servers (`rspack serve`) run the browser one only.
 */
export default process.argv.includes('serve')
  ? browser
  : (env: Record<string, unknown>, argv: { mode?: string } = {}) => {
      const browserBuild = browser(env, argv);
      // The server build runs after the browser's, named by it (one name to change, not two).
      return [
        browserBuild,
        serverBundleConfig({ name: String(browserBuild.name), dir, entry: './src/server-render/render.tsx' }),
      ];
    };
