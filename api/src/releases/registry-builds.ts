import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { RELEASE_MANIFEST_FILE, VERSION_PATTERN, type ShellManifest } from '@yaoshi/contracts/release-manifest';
import { writeAudit } from '../audit/audit-log';
import type { Database } from '../db/database';
import { shellProblems } from './compatibility';
import { releaseRemotes, releaseVersions } from './releases-schema';
import { contentHash, readFolder, storeVersion, versionPrefix } from './release-storage';

import {
  type Actor,
  ENVIRONMENTS,
  type RegistryDeps,
  ReleaseRefusal,
  ensureEnvironments,
  findVersion,
  versionStorage,
} from './registry-core';
import { type PinMove, movePin } from './registry-pins';
import { publishVersion } from './registry-publish';

/**
 * The site's own builds: registered at the first start, restored when missing, and the shell checked against the pins.
 */
// ── The site's own builds ───────────────────────────────────────────────────────────────

export const BUILD_ACTOR: Actor = { name: 'npm run build' };
/** The first start registers what `npm run build` assembled: in the trail as that command. */
export const BUILD_AUDIT_ACTOR = {
  staffId: null,
  username: 'npm run build',
  roles: [],
  ip: 'localhost',
  kind: 'command-line',
} as const;

/**
 * Seeds an empty registry from what `npm run build` assembled in the site folder, on the
 * server's first start: every version folder is published into the registry's storage (the
 * site folder itself, where it is already: compared, not rewritten; or the bucket with
 * `S3_*`) and registered (publisher `npm run build`), and
 * each remote remotes.json names is pinned to that version in both environments. Once the
 * registry holds any remote, files on the server's disk change nothing: no version is
 * registered, re-pinned or rewritten from them (versions are published and pins moved with
 * `npm run release`, each checked and recorded).
 */
export async function importBuiltRemotes(deps: RegistryDeps): Promise<PinMove[]> {
  await ensureEnvironments(deps.db);
  const siteDir = deps.siteDir;
  if (!siteDir) return [];
  const [registered] = await deps.db.select({ key: releaseRemotes.key }).from(releaseRemotes).limit(1);
  if (registered) return [];
  const remotesDir = path.join(siteDir, 'remotes');
  if (!fs.existsSync(remotesDir)) return [];
  for (const remote of fs.readdirSync(remotesDir).sort()) {
    const remoteDir = path.join(remotesDir, remote);
    if (!fs.statSync(remoteDir).isDirectory()) continue;
    for (const version of fs.readdirSync(remoteDir).filter((name) => VERSION_PATTERN.test(name))) {
      const dir = path.join(remoteDir, version);
      if (!fs.existsSync(path.join(dir, RELEASE_MANIFEST_FILE))) continue;
      const files = readFolder(dir);
      await deps.db.transaction(async (tx) => {
        const published = await publishVersion({ ...deps, db: tx }, BUILD_ACTOR, remote, files, { source: 'build' });
        await writeAudit(tx, deps.clock, BUILD_AUDIT_ACTOR, {
          action: 'release.publish',
          target: remote,
          after: { version: published.version },
        });
      });
    }
  }
  const pinsFile = path.join(siteDir, 'remotes.json');
  if (!fs.existsSync(pinsFile)) return [];
  const built = JSON.parse(fs.readFileSync(pinsFile, 'utf8')) as Record<string, { version?: string }>;
  const moves: PinMove[] = [];
  for (const [remote, pin] of Object.entries(built)) {
    if (typeof pin?.version !== 'string' || !(await findVersion(deps.db, remote, pin.version))) continue;
    const version = pin.version;
    for (const environment of ENVIRONMENTS) {
      try {
        const reason = '首次启动：取自构建的 remotes.json';
        moves.push(
          await deps.db.transaction(async (tx) => {
            const move = await movePin({ ...deps, db: tx }, BUILD_ACTOR, {
              environment,
              remote,
              to: version,
              action: 'pin',
              reason,
              expectedFrom: null,
            });
            await writeAudit(tx, deps.clock, BUILD_AUDIT_ACTOR, {
              action: 'release.pin',
              target: remote,
              before: { version: null },
              after: { version: move.to, environment, reason },
            });
            return move;
          }),
        );
      } catch (error) {
        // Another server starting on the same database pinned it first.
        if (!(error instanceof ReleaseRefusal)) throw error;
      }
    }
  }
  return moves;
}

export interface MissingVersion {
  remote: string;
  version: string;
  /** `restored` from the site folder (same content as recorded), or `missing` (no such folder, or other content). */
  outcome: 'restored' | 'missing';
}

/**
 * Every registered version whose objects are not in the registry's storage, put there from
 * the site folder when its folder holds the recorded content: what moving an existing site
 * onto a bucket (setting `S3_*`) needs, done by the first server that starts. A version found
 * nowhere is answered `missing` (the caller logs it: publish it again, or pin another). One
 * HEAD per registered version when everything is there already.
 */
export async function restoreRegisteredVersions(deps: RegistryDeps): Promise<MissingVersion[]> {
  const storage = versionStorage(deps);
  if (!storage || !deps.siteDir) return [];
  const rows = await deps.db
    .select({
      remote: releaseVersions.remote,
      version: releaseVersions.version,
      contentHash: releaseVersions.contentHash,
    })
    .from(releaseVersions)
    .orderBy(releaseVersions.remote, releaseVersions.version);
  const answers: MissingVersion[] = [];
  for (const row of rows) {
    if ((await storage.head(`${versionPrefix(row.remote, row.version)}${RELEASE_MANIFEST_FILE}`)) !== null) continue;
    const dir = path.join(deps.siteDir, 'remotes', row.remote, row.version);
    const files = fs.existsSync(path.join(dir, RELEASE_MANIFEST_FILE)) ? readFolder(dir) : [];
    const restorable = files.length > 0 && contentHash(files) === row.contentHash;
    if (restorable) await storeVersion(storage, row.remote, row.version, files);
    answers.push({ remote: row.remote, version: row.version, outcome: restorable ? 'restored' : 'missing' });
  }
  return answers;
}

/**
 * A new shell against the pinned and canary versions of every environment: each one's
 * shared packages in the new shell's ranges, and none of its routes one of the new shell's
 * own pages. Each problem is one line naming the remote, the package (or path) and both versions.
 */
export async function checkShell(db: Database, shell: ShellManifest): Promise<string[]> {
  const live = await db
    .select({ manifest: releaseVersions.manifest })
    .from(releaseVersions)
    .where(
      sql`(${releaseVersions.remote}, ${releaseVersions.version}) in (select remote, version from release_pins union select remote, version from release_canaries)`,
    )
    .orderBy(releaseVersions.remote, releaseVersions.version);
  return shellProblems(
    shell,
    live.map((row) => row.manifest),
  );
}
