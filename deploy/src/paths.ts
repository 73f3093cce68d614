import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The assembled site: the shell at the root, every remote version ever built under
 * `remotes/<name>/<version>/`, and `remotes.json` pinning the live versions.
 * `SITE_DIR` overrides it (tests, or a server that serves a release folder).
 */
export const siteDir = resolve(process.env.SITE_DIR ?? join(repoRoot, 'dist', 'www'));

export const PINS_FILE = 'remotes.json';
