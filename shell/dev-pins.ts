import type { PinsDocument, ReleaseManifest } from '@yaoshi/contracts/release-manifest';
import { DEV_PORTS } from '../rspack.config.base';

/**
 * The pins the dev server answers at /remotes.json: each remote's own dev server, with the
 * route manifest that server has just built (its `release-manifest.json`). A remote whose
 * dev server is not up is left out, like an unusable pin in production.
 */
export async function devPins(fetchImpl: typeof fetch = fetch): Promise<PinsDocument> {
  const remotes = Object.entries(DEV_PORTS).filter(([key]) => key !== 'shell');
  const entries = await Promise.all(
    remotes.map(async ([key, port]) => {
      try {
        const response = await fetchImpl(`http://localhost:${port}/release-manifest.json`);
        if (!response.ok) return [];
        const manifest = (await response.json()) as ReleaseManifest;
        const pin = {
          version: manifest.version,
          federationName: manifest.federationName,
          section: manifest.section,
          entry: `http://localhost:${port}/mf-manifest.json`,
          routes: manifest.routes,
        };
        return [[key, pin] as const];
      } catch {
        return [];
      }
    }),
  );
  return Object.fromEntries(entries.flat());
}
