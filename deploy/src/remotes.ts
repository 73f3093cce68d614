import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

/** The remotes of DESIGN.md (the staff console `admin` is the fifth): folder name and Module Federation name. */
export const REMOTES = [
  { name: 'public-content', federationName: 'public_content' },
  { name: 'enrolment', federationName: 'enrolment' },
  { name: 'study', federationName: 'study' },
  { name: 'orders', federationName: 'orders' },
  { name: 'admin', federationName: 'admin' },
] as const;

export type RemoteName = (typeof REMOTES)[number]['name'];

export function isRemoteName(value: string): value is RemoteName {
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
