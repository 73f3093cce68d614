import { fileURLToPath } from 'node:url';
import type { Configuration } from '@rspack/core';
import { DEV_PORTS, createFederatedConfig } from '../../rspack.config.base';
import { EXPOSES } from './src/exposes';
import { ROUTES, SECTION } from './src/routes';

const federated = createFederatedConfig({
  name: 'study',
  kind: 'remote',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  exposes: EXPOSES,
  release: { key: 'study', section: SECTION, routes: ROUTES },
  devPort: DEV_PORTS['study'],
});

/**
 * The video pages use video.js's stylesheet: imported as text and added to the page by the
 * player when it first mounts, so only the video pages carry it and the shared build
 * configuration needs no CSS pipeline.
 */
export default (env: Record<string, unknown>, argv: { mode?: string } = {}): Configuration => {
  const config = federated(env, argv);
  config.module?.rules?.push({ test: /\.css$/, type: 'asset/source' });
  return config;
};
