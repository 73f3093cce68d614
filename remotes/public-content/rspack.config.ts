import { fileURLToPath } from 'node:url';
import { DEV_PORTS, createFederatedConfig } from '../../rspack.config.base';
import { EXPOSES } from './src/exposes';
import { ROUTES, SECTION } from './src/routes';

export default createFederatedConfig({
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
