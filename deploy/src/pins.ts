import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  RELEASE_MANIFEST_FILE,
  VERSION_PATTERN,
  releaseManifestSchema,
  type PinnedRemote,
  type ReleaseManifest,
} from '@yaoshi/contracts/release-manifest';
import { PINS_FILE } from './paths';
import type { RemoteName } from './remotes';

/**
 * `remotes.json` as `npm run build` writes it: remote name → the version just built, with
 * its manifest URL, section and route manifest. The release registry takes it in only on
 * the server's first start, to seed an empty registry; from then on the server answers
 * `/remotes.json` from the registry, the file changes nothing, and only `npm run release`
 * moves pins.
 */
export type Pin = PinnedRemote;
export type Pins = Record<RemoteName, Pin>;

export function isValidVersion(version: string): boolean {
  return VERSION_PATTERN.test(version);
}

export function manifestUrl(name: RemoteName, version: string): string {
  return `/remotes/${name}/${version}/mf-manifest.json`;
}

export function versionDir(site: string, name: RemoteName, version: string): string {
  if (!isValidVersion(version)) throw new Error(`not a version: ${version}`);
  return join(site, 'remotes', name, version);
}

/** The release manifest a remote's build wrote beside its mf-manifest.json. */
export function readReleaseManifest(dir: string): ReleaseManifest {
  const file = join(dir, RELEASE_MANIFEST_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: build the remote with this repository's rspack config`);
  return releaseManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The pin of a version on disk, from its release manifest. */
export function pinFor(site: string, name: RemoteName, version: string): Pin {
  const manifest = readReleaseManifest(versionDir(site, name, version));
  return {
    version,
    federationName: manifest.federationName,
    section: manifest.section,
    entry: manifestUrl(name, version),
    routes: manifest.routes,
  };
}

/** Refuses to name a version whose files are not on disk: a pin must always be loadable. */
export function writePins(site: string, pins: Pins): void {
  for (const [name, pin] of Object.entries(pins)) {
    if (!existsSync(join(versionDir(site, name, pin.version), 'mf-manifest.json'))) {
      throw new Error(
        `${name} ${pin.version} is not in ${versionDir(site, name, pin.version)} (build or copy it first)`,
      );
    }
  }
  const file = join(site, PINS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(pins, null, 2)}\n`);
  // rename is atomic: a reader sees the old pins or the new ones, never half a file.
  renameSync(temporary, file);
}
