import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SHARED_PACKAGES } from '../shared/contracts/src/release-manifest';

export interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

export function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** The folder a remote's build lands in: `dist/<version>/`, copied verbatim by the deploy step. */
export function remoteOutputDir(dir: string): string {
  return join(dir, 'dist', readPackage(dir).version);
}

/** The exact version of a package as this app resolves it (workspace packages included). */
function installedVersion(appDir: string, name: string): string | undefined {
  // Node's lookup, by folder: a package whose `exports` leaves out package.json (ours) is found too.
  for (let dir = appDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return readPackage(candidate).version;
    if (dirname(dir) === dir) return undefined;
  }
}

/** What a remote built against: the exact version of each shared package it resolved. */
export function sharedVersions(appDir: string): Record<string, string> {
  return Object.fromEntries(
    SHARED_PACKAGES.flatMap((name) => {
      const version = installedVersion(appDir, name);
      return version ? [[name, version]] : [];
    }),
  );
}

/**
 * What the shell provides: for each shared package, the range a remote's build must fall
 * in — the shell's dependency range for registry packages, `^<version>` for workspace
 * packages (whose dependency range is `*`).
 */
export function providedRanges(appDir: string): Record<string, string> {
  const pkg = readPackage(appDir);
  return Object.fromEntries(
    SHARED_PACKAGES.flatMap((name) => {
      const declared = pkg.dependencies?.[name];
      const installed = installedVersion(appDir, name);
      if (!installed) return [];
      return [[name, declared && declared !== '*' ? declared : `^${installed}`]];
    }),
  );
}
