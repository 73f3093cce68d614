import { fileURLToPath } from 'node:url';
import { DEV_PORTS, createFederatedConfig } from '../../rspack.config.base';
import { EXPOSES } from './src/exposes';
import { ROUTES, SECTION } from './src/routes';

export default createFederatedConfig({
  name: 'orders',
  kind: 'remote',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  exposes: EXPOSES,
  release: { key: 'orders', section: SECTION, routes: ROUTES },
  devPort: DEV_PORTS['orders'],
});
