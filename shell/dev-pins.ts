import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEV_PORTS } from '../rspack.config.base';
import { REMOTE_CATALOG, REMOTE_KEYS } from './src/federation/remote-catalog';
import type { RemotePins } from './src/federation/pins';

/** The pins the dev server answers at /remotes.json: each remote's own dev server. */
export function devPins(repositoryRoot: string): RemotePins {
  return Object.fromEntries(
    REMOTE_KEYS.map((key) => {
      const pkg = JSON.parse(readFileSync(join(repositoryRoot, 'remotes', key, 'package.json'), 'utf8')) as {
        version: string;
      };
      return [
        key,
        {
          version: pkg.version,
          federationName: REMOTE_CATALOG[key].federationName,
          entry: `http://localhost:${DEV_PORTS[key]}/mf-manifest.json`,
        },
      ];
    }),
  ) as RemotePins;
}
