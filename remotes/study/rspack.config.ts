import { createRequire } from 'node:module';
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
 * `video.js` is its core build: the player without VHS, its HLS engine. The full build is
 * 212 KB gzip, of which VHS (with mux.js and its transmuxer workers) is about 130 KB, and
 * only a transcoded lesson (an `.m3u8` address) needs it; an uploaded MP4 or WebM plays in
 * the browser's own `<video>`. The lesson player loads `@videojs/http-streaming` for an HLS
 * source only, when the learner points at the player or presses play (so the page's first
 * load carries the core alone), and that package registers itself on this same `video.js`
 * (its own import of `video.js` resolves here too, so the page has one player library).
 */
const VIDEO_JS_CORE = createRequire(import.meta.url).resolve('video.js/dist/alt/video.core.js');

/**
 * The video pages use video.js's stylesheet: imported as text and added to the page by the
 * player when it first mounts, so only the video pages carry it and the shared build
 * configuration needs no CSS pipeline.
 */
export default (env: Record<string, unknown>, argv: { mode?: string } = {}): Configuration => {
  const config = federated(env, argv);
  config.module?.rules?.push({ test: /\.css$/, type: 'asset/source' });
  config.resolve = { ...config.resolve, alias: { ...config.resolve?.alias, 'video.js$': VIDEO_JS_CORE } };
  return config;
};
