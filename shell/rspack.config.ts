import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_PORTS, createFederatedConfig } from '../rspack.config.base';
import { devPins } from './dev-pins';
import { SHELL_PAGE_PATHS } from './src/app/shell-pages';

const dir = fileURLToPath(new URL('.', import.meta.url));
const apiDevUrl = process.env.API_DEV_URL ?? 'http://localhost:8070';

/** Build-time API settings; empty strings fall back to the envelope's development defaults. */
const buildTimeEnv = (name: string) => JSON.stringify(process.env[name] ?? '');

export default createFederatedConfig({
  name: 'shell',
  kind: 'host',
  dir,
  devPort: DEV_PORTS.shell,
  shellPages: SHELL_PAGE_PATHS,
  runtimePlugins: [join(dir, 'src/federation/retry-plugin.ts'), join(dir, 'src/federation/fallback-plugin.ts')],
  define: {
    'process.env.API_SIGN_APP_ID': buildTimeEnv('API_SIGN_APP_ID'),
    'process.env.API_SIGN_SECRET': buildTimeEnv('API_SIGN_SECRET'),
    'process.env.API_BASE_URL': buildTimeEnv('API_BASE_URL'),
  },
  devServer: {
    proxy: [{ context: ['/v1', '/media'], target: apiDevUrl, changeOrigin: true }],
    setupMiddlewares: (middlewares) => {
      middlewares.unshift({
        name: 'dev-remote-pins',
        path: '/remotes.json',
        middleware: (_req: IncomingMessage, res: ServerResponse) => {
          void devPins().then((pins) => {
            res.setHeader('Content-Type', 'application/json; charset=utf-8');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(JSON.stringify(pins));
          });
        },
      });
      return middlewares;
    },
  },
});
