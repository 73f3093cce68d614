import type { RouteEntry } from '@yaoshi/contracts/release-manifest';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { releaseRemotes, releaseVersions } from '../releases/releases-schema';
import { startCanary } from '../releases/registry-canaries';
import { ensureEnvironments, type Environment } from '../releases/registry-core';
import { pinVersion } from '../releases/registry-pins';

/**
 * A remote registered straight into the release registry for tests of the callers (the
 * staff console's page, the audit trail): one page at `/<remote>`, the given versions, and
 * optionally a pin and a canary, moved by `test-setup` (called again, it only moves them).
 * No files: the test server has no site folder.
 */
export async function registerTestRemote(
  db: Database,
  clock: Clock,
  remote: string,
  options: {
    versions: string[];
    pinned?: string;
    canary?: { version: string; percent: number };
    environment?: Environment;
  },
): Promise<void> {
  await ensureEnvironments(db);
  const federationName = remote.replace(/-/g, '_');
  const routes: RouteEntry[] = [{ path: `/${remote}`, area: 'public', exposed: 'Home', loginRequired: false }];
  await db
    .insert(releaseRemotes)
    .values({ key: remote, federationName, section: `测试${remote}`, createdBy: 'test-setup', createdAt: clock.now() })
    .onConflictDoNothing();
  for (const version of options.versions) {
    await db.insert(releaseVersions).values({
      remote,
      version,
      contentHash: `sha256:${remote}-${version}`,
      manifest: { remote, federationName, section: `测试${remote}`, version, exposes: ['Home'], routes, shared: {} },
      shared: {},
      exposes: ['Home'],
      routes,
      publisher: 'test-setup',
      publishedAt: clock.now(),
    });
  }
  const deps = { db, clock, siteDir: undefined };
  const environment = options.environment ?? 'production';
  const actor = { name: 'test-setup' };
  if (options.pinned)
    await pinVersion(deps, actor, { remote, version: options.pinned, environment, reason: '测试准备' });
  if (options.canary) await startCanary(deps, actor, { remote, ...options.canary, environment, reason: '测试准备' });
}
