import { fileURLToPath } from 'node:url';
import { DEV_PORTS, createFederatedConfig } from '../../rspack.config.base';
import { EXPOSES } from './src/exposes';

export default createFederatedConfig({
  name: 'admin',
  kind: 'remote',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  exposes: EXPOSES,
  devPort: DEV_PORTS['admin'],
});
