import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import {
  SHELL_MANIFEST_FILE,
  VERSION_PATTERN,
  shellManifestSchema,
  type ReleaseManifest,
  type ShellManifest,
} from '@yaoshi/contracts/release-manifest';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { type AutoRollbackThreshold } from './canary';
import { collisionProblems, exposureProblems, sharedProblems, type LiveRoutes } from './compatibility';
import { RELEASE_MESSAGES } from './release-messages';
import { releaseCanaries, releaseEnvironments, releasePins, releaseRemotes, releaseVersions } from './releases-schema';
import type { Storage } from '../storage/storage';
import { siteStorage } from './release-storage';

/**
 * The release registry: remotes, immutable versions, pins per environment with their
 * history, canaries and the failure counts the shells report. Its parts (registry-*.ts) are
 * what `npm run release`, the release page and the server's start share; none reads the
 * environment or the request. This one holds the common ground: the environments, what the
 * functions are given, the refusal they throw, and the reads the other parts share (a
 * remote, a version, what each environment serves, whether a version fits the live site).
 */

export const ENVIRONMENTS = ['staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Who may release: a release-manager token's name. */
export interface Actor {
  name: string;
}

export interface RegistryDeps {
  db: Database;
  clock: Clock;
  /**
   * The site folder: the live shell's manifest is at its root (a site without one refuses
   * every move), and the build's remotes are under `remotes/` (importBuiltRemotes). Undefined:
   * the API alone, with no site and no live shell (development's dev servers, tests): nothing
   * is published, and pins are checked without a shell.
   */
  siteDir: string | undefined;
  /**
   * Where published versions' objects go (`remotes/<remote>/<version>/…`) and browsers read
   * them: the bucket with `S3_*` (release-storage.ts `releaseStorageOf`). Default: the site folder.
   */
  files?: Storage;
  autoRollback?: AutoRollbackThreshold;
}

/** A refusal: the HTTP status and one Chinese line (several problems: joined by "；"). */
export class ReleaseRefusal extends Error {
  override name = 'ReleaseRefusal';
  constructor(
    readonly status: number,
    message: string,
    readonly problems: string[] = [message],
  ) {
    super(message);
  }
}

/** The storage versions are published into: `deps.files`, else the site folder; none without a site. */
export function versionStorage(deps: Pick<RegistryDeps, 'siteDir' | 'files'>): Storage | undefined {
  return deps.files ?? (deps.siteDir === undefined ? undefined : siteStorage(deps.siteDir));
}

export function refuse(status: number, problems: string | string[]): never {
  const list = Array.isArray(problems) ? problems : [problems];
  throw new ReleaseRefusal(status, list.join('；'), list);
}

export function isEnvironment(value: string): value is Environment {
  return (ENVIRONMENTS as readonly string[]).includes(value);
}

export function environmentOf(value: string | undefined, fallback: Environment = 'production'): Environment {
  const name = value ?? fallback;
  if (!isEnvironment(name)) refuse(400, RELEASE_MESSAGES.unknownEnvironment(name));
  return name;
}

export async function ensureEnvironments(db: Database): Promise<void> {
  await db
    .insert(releaseEnvironments)
    .values(ENVIRONMENTS.map((name) => ({ name })))
    .onConflictDoNothing();
}

export function requireReason(reason: string | undefined): string {
  const text = reason?.trim() ?? '';
  if (text.length === 0) refuse(400, RELEASE_MESSAGES.reasonRequired);
  return text.slice(0, 500);
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────

export async function findVersion(db: Database, remote: string, version: string) {
  const [row] = await db
    .select()
    .from(releaseVersions)
    .where(and(eq(releaseVersions.remote, remote), eq(releaseVersions.version, version)));
  return row;
}

export async function requireRemote(db: Database, remote: string) {
  const [row] = await db.select().from(releaseRemotes).where(eq(releaseRemotes.key, remote));
  if (!row) refuse(404, RELEASE_MESSAGES.unknownRemote(remote));
  return row;
}

export async function requireVersion(db: Database, remote: string, version: string) {
  if (!VERSION_PATTERN.test(version)) refuse(400, RELEASE_MESSAGES.badVersion(version));
  await requireRemote(db, remote);
  const row = await findVersion(db, remote, version);
  if (!row) refuse(404, RELEASE_MESSAGES.unknownVersion(remote, version));
  return row;
}

/** The live shell's manifest (what it provides, its own pages), from the site folder; undefined without one. */
export function liveShellManifest(siteDir: string | undefined): ShellManifest | undefined {
  if (!siteDir) return undefined;
  const file = path.join(siteDir, SHELL_MANIFEST_FILE);
  if (!fs.existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const result = shellManifestSchema.safeParse(parsed);
  return result.success ? result.data : undefined;
}

/** What each environment serves of every other remote: its pin and its canary. */
export async function liveRoutes(db: Database): Promise<LiveRoutes[]> {
  const pinned = await db
    .select({ remote: releaseVersions.remote, version: releaseVersions.version, routes: releaseVersions.routes })
    .from(releasePins)
    .innerJoin(
      releaseVersions,
      and(eq(releaseVersions.remote, releasePins.remote), eq(releaseVersions.version, releasePins.version)),
    );
  const canaries = await db
    .select({ remote: releaseVersions.remote, version: releaseVersions.version, routes: releaseVersions.routes })
    .from(releaseCanaries)
    .innerJoin(
      releaseVersions,
      and(eq(releaseVersions.remote, releaseCanaries.remote), eq(releaseVersions.version, releaseCanaries.version)),
    );
  return [...pinned, ...canaries];
}

/**
 * Every check a version must pass to go live; refuses with all problems named. A site
 * without a live shell manifest (no shell built into it, or one the shell's build did not
 * write) cannot prove anything, so the version is refused.
 */
export async function proveCompatible(deps: RegistryDeps, manifest: ReleaseManifest): Promise<void> {
  // No site at all (the API alone: development's dev servers, tests): no live shell to fit.
  // A site without a usable shell manifest is refused: its shell cannot be proven compatible.
  const shell = deps.siteDir === undefined ? undefined : liveShellManifest(deps.siteDir);
  if (deps.siteDir !== undefined && !shell) refuse(409, RELEASE_MESSAGES.shellManifestMissing);
  const problems = [
    ...(shell ? sharedProblems(manifest, shell.provides) : []),
    ...exposureProblems(manifest),
    ...collisionProblems(manifest, await liveRoutes(deps.db), shell?.pages ?? []),
  ];
  if (problems.length > 0) refuse(409, problems);
}
