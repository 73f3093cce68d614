import { eq, sql } from 'drizzle-orm';
import { RELEASE_MANIFEST_FILE, releaseManifestSchema, type ReleaseManifest } from '@yaoshi/contracts/release-manifest';
import { RELEASE_MESSAGES } from './release-messages';
import { releaseRemotes, releaseVersions } from './releases-schema';
import type { Storage } from '../storage/storage';
import { MAX_FILES, contentHash, isSafeFilePath, storeVersion, type ReleaseFile } from './release-storage';

import { type Actor, type RegistryDeps, findVersion, proveCompatible, refuse, versionStorage } from './registry-core';

/**
 * Publishing a version: its files checked and stored once, immutable.
 */
// ── Publishing ──────────────────────────────────────────────────────────────────────────

export interface PublishResult {
  remote: string;
  version: string;
  contentHash: string;
  /** False when the same version with the same content was already published. */
  changed: boolean;
}

export function parseManifest(files: readonly ReleaseFile[]): ReleaseManifest {
  const manifestFile = files.find((file) => file.path === RELEASE_MANIFEST_FILE);
  if (!manifestFile || !files.some((file) => file.path === 'mf-manifest.json'))
    refuse(400, RELEASE_MESSAGES.manifestMissing);
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestFile.content.toString('utf8'));
  } catch {
    refuse(400, RELEASE_MESSAGES.manifestInvalid('不是 JSON'));
  }
  const result = releaseManifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    refuse(400, RELEASE_MESSAGES.manifestInvalid(`${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim()));
  }
  return result.data;
}

/**
 * Publishes a version: checks it, writes its files into the site's storage and records it.
 * The same number with other content is refused; with identical content nothing changes.
 */
export async function publishVersion(
  deps: RegistryDeps,
  actor: Actor,
  remote: string,
  files: readonly ReleaseFile[],
  options: { source?: 'publish' | 'build' } = {},
): Promise<PublishResult> {
  const storage = versionStorage(deps);
  if (!deps.siteDir || !storage) refuse(503, RELEASE_MESSAGES.noStorage);
  if (files.length === 0 || files.length > MAX_FILES) refuse(400, RELEASE_MESSAGES.manifestMissing);
  for (const file of files) if (!isSafeFilePath(file.path)) refuse(400, RELEASE_MESSAGES.badFilePath(file.path));
  const manifest = parseManifest(files);
  if (manifest.remote !== remote) refuse(400, RELEASE_MESSAGES.manifestRemoteMismatch(remote, manifest.remote));
  const hash = contentHash(files);
  // One publish of a version at a time, across every server on the database: the objects are
  // checked, written and recorded under a lock held until this transaction ends.
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`release:${remote}/${manifest.version}`}))`);
    return publishLocked({ ...deps, db: tx }, storage, actor, remote, files, manifest, hash, options);
  });
}

export async function publishLocked(
  deps: RegistryDeps,
  storage: Storage,
  actor: Actor,
  remote: string,
  files: readonly ReleaseFile[],
  manifest: ReleaseManifest,
  hash: string,
  options: { source?: 'publish' | 'build' },
): Promise<PublishResult> {
  const existing = await findVersion(deps.db, remote, manifest.version);
  if (existing) {
    if (existing.contentHash === hash) return { remote, version: manifest.version, contentHash: hash, changed: false };
    refuse(409, RELEASE_MESSAGES.versionExistsDifferent(remote, manifest.version));
  }
  const [registered] = await deps.db.select().from(releaseRemotes).where(eq(releaseRemotes.key, remote));
  if (registered && registered.federationName !== manifest.federationName) {
    refuse(409, RELEASE_MESSAGES.federationNameChanged(remote, registered.federationName, manifest.federationName));
  }
  if (!registered) {
    const [taken] = await deps.db
      .select()
      .from(releaseRemotes)
      .where(eq(releaseRemotes.federationName, manifest.federationName));
    if (taken) refuse(409, RELEASE_MESSAGES.federationNameTaken(manifest.federationName, taken.key));
  }
  if (options.source !== 'build') await proveCompatible(deps, manifest);

  // Every object is written before the row: a recorded version is whole.
  const stored = await storeVersion(storage, remote, manifest.version, files);
  if (stored === 'different') refuse(409, RELEASE_MESSAGES.versionExistsDifferent(remote, manifest.version));

  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!registered) {
      await tx
        .insert(releaseRemotes)
        .values({
          key: remote,
          federationName: manifest.federationName,
          section: manifest.section,
          createdBy: actor.name,
          createdAt: now,
        })
        .onConflictDoNothing();
    }
    await tx
      .insert(releaseVersions)
      .values({
        remote,
        version: manifest.version,
        contentHash: hash,
        manifest,
        shared: manifest.shared,
        exposes: manifest.exposes,
        routes: manifest.routes,
        publisher: actor.name,
        publishedAt: now,
      })
      .onConflictDoNothing();
  });
  // A concurrent publish may have recorded the same number first: answer what is recorded.
  const recorded = await findVersion(deps.db, remote, manifest.version);
  if (recorded?.contentHash !== hash) refuse(409, RELEASE_MESSAGES.versionExistsDifferent(remote, manifest.version));
  return {
    remote,
    version: manifest.version,
    contentHash: hash,
    changed: recorded.publisher === actor.name && recorded.publishedAt.getTime() === now.getTime(),
  };
}
