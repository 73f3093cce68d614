import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

/**
 * The remotes this repository builds: every folder of `remotes/` with a package.json. Which
 * remotes the site serves, and at which version, is the release registry's business (data,
 * not code); this list only says what `npm run build` and `npm run dev` build here.
 */
export const REMOTES: readonly { name: string }[] = readdirSync(join(repoRoot, 'remotes'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(repoRoot, 'remotes', entry.name, 'package.json')))
  .map((entry) => ({ name: entry.name }))
  .sort((a, b) => a.name.localeCompare(b.name));

export type RemoteName = string;

export function isRemoteName(value: string): boolean {
  return REMOTES.some((remote) => remote.name === value);
}

export function remoteDir(name: RemoteName): string {
  return join(repoRoot, 'remotes', name);
}

/** The version a remote build writes is its package.json version. */
export function remoteVersion(name: RemoteName): string {
  const pkg = JSON.parse(readFileSync(join(remoteDir(name), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}
