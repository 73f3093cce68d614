import { fileURLToPath } from 'node:url';
import { DEV_PORTS, createFederatedConfig } from '../../rspack.config.base';
import { EXPOSES } from './src/exposes';
import { ROUTES, SECTION } from './src/routes';

export default createFederatedConfig({
  name: 'admin',
  kind: 'remote',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  exposes: EXPOSES,
  release: { key: 'admin', section: SECTION, routes: ROUTES },
  devPort: DEV_PORTS['admin'],
  allowZod: true,
});
