import { and, eq } from 'drizzle-orm';
import { type PinsDocument } from '@yaoshi/contracts/release-manifest';
import type { Database } from '../db/database';
import { inCanary } from './canary';
import { releaseCanaries, releasePins, releaseRemotes, releaseVersions } from './releases-schema';
import type { Storage } from '../storage/storage';
import { FEDERATION_MANIFEST_FILE, versionPrefix } from './release-storage';

import { type Environment, findVersion } from './registry-core';

/**
 * What visitors get: the pins document a shell reads, with each visitor's canary choice.
 */
// ── What visitors get ───────────────────────────────────────────────────────────────────

export interface Visitor {
  /** Learner id once logged in, else the anonymous browser id. */
  id: string | undefined;
  /** A QA override (from its signed cookie): this remote at this version, in this browser only. */
  override?: { remote: string; version: string };
}

/**
 * Where browsers read a version's mf-manifest.json (its chunks resolve from the same
 * address: remotes are built with `publicPath: 'auto'`): the storage's public URL, the
 * bucket's or its CDN's with `S3_*`; root-relative `/remotes/…` in the site folder.
 */
export function manifestUrl(remote: string, version: string, files?: Storage): string {
  const key = `${versionPrefix(remote, version)}${FEDERATION_MANIFEST_FILE}`;
  return files ? files.publicUrl(key) : `/${key}`;
}

/**
 * The pins document for one visitor: the pin, or the canary for its share, or the override;
 * each entry at `files`' address (default root-relative, the site folder's).
 */
export async function pinsDocument(
  db: Database,
  environment: Environment,
  visitor: Visitor,
  files?: Storage,
): Promise<PinsDocument> {
  const rows = await db
    .select({
      remote: releasePins.remote,
      version: releasePins.version,
      federationName: releaseRemotes.federationName,
      section: releaseRemotes.section,
      routes: releaseVersions.routes,
    })
    .from(releasePins)
    .innerJoin(releaseRemotes, eq(releaseRemotes.key, releasePins.remote))
    .innerJoin(
      releaseVersions,
      and(eq(releaseVersions.remote, releasePins.remote), eq(releaseVersions.version, releasePins.version)),
    )
    .where(eq(releasePins.environment, environment))
    .orderBy(releasePins.remote);
  const canaries = await db
    .select({
      remote: releaseCanaries.remote,
      version: releaseCanaries.version,
      percent: releaseCanaries.percent,
      routes: releaseVersions.routes,
    })
    .from(releaseCanaries)
    .innerJoin(
      releaseVersions,
      and(eq(releaseVersions.remote, releaseCanaries.remote), eq(releaseVersions.version, releaseCanaries.version)),
    )
    .where(eq(releaseCanaries.environment, environment));
  const document: PinsDocument = {};
  for (const row of rows) {
    let chosen: { version: string; routes: typeof row.routes; via: 'pin' | 'canary' | 'override' } = {
      version: row.version,
      routes: row.routes,
      via: 'pin',
    };
    const canary = canaries.find((c) => c.remote === row.remote);
    if (canary && inCanary(row.remote, canary.version, canary.percent, visitor.id))
      chosen = { version: canary.version, routes: canary.routes, via: 'canary' };
    if (visitor.override?.remote === row.remote) {
      const overridden = await findVersion(db, row.remote, visitor.override.version);
      if (overridden) chosen = { version: overridden.version, routes: overridden.routes, via: 'override' };
    }
    document[row.remote] = {
      version: chosen.version,
      federationName: row.federationName,
      section: row.section,
      entry: manifestUrl(row.remote, chosen.version, files),
      routes: chosen.routes,
      via: chosen.via,
    };
  }
  return document;
}
