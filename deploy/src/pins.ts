import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PINS_FILE } from './paths';
import { REMOTES, isRemoteName, type RemoteName } from './remotes';

/**
 * `remotes.json`: remote name → the live version and the manifest the shell registers.
 * The shell fetches it with no-store at every start, so moving a pin (forward or back)
 * takes effect on the next page load with no rebuild.
 */
export interface Pin {
  version: string;
  federationName: string;
  entry: string;
}
export type Pins = Record<RemoteName, Pin>;

const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export function isValidVersion(version: string): boolean {
  return VERSION_PATTERN.test(version);
}

export function manifestUrl(name: RemoteName, version: string): string {
  return `/remotes/${name}/${version}/mf-manifest.json`;
}

export function versionDir(site: string, name: RemoteName, version: string): string {
  return join(site, 'remotes', name, version);
}

export function pinFor(name: RemoteName, version: string): Pin {
  if (!isValidVersion(version)) throw new Error(`not a version: ${version}`);
  const remote = REMOTES.find((r) => r.name === name);
  if (!remote) throw new Error(`no remote named ${name}`);
  return { version, federationName: remote.federationName, entry: manifestUrl(name, version) };
}

export function readPins(site: string): Partial<Pins> {
  const file = join(site, PINS_FILE);
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file} is not a JSON object`);
  }
  const pins: Partial<Pins> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (!isRemoteName(name)) throw new Error(`${file} pins an unknown remote ${name}`);
    const version = (value as { version?: unknown } | null)?.version;
    if (typeof version !== 'string') throw new Error(`${file}: ${name} has no version`);
    pins[name] = pinFor(name, version);
  }
  return pins;
}

/** Refuses to pin a version whose files are not on disk: a pin must always be loadable. */
export function writePins(site: string, pins: Partial<Pins>): void {
  for (const [name, pin] of Object.entries(pins) as [RemoteName, Pin][]) {
    if (!existsSync(join(versionDir(site, name, pin.version), 'mf-manifest.json'))) {
      throw new Error(
        `${name} ${pin.version} is not in ${versionDir(site, name, pin.version)} (build or copy it first)`,
      );
    }
  }
  const file = join(site, PINS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(pins, null, 2)}\n`);
  // rename is atomic: a page load sees the old pins or the new ones, never half a file.
  renameSync(temporary, file);
}
