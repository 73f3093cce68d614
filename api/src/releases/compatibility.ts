import semver from 'semver';
import {
  SHARED_PACKAGES,
  pathsOverlap,
  type ReleaseManifest,
  type RouteEntry,
  type ShellManifest,
} from '@yaoshi/contracts/release-manifest';
import { RELEASE_MESSAGES } from './release-messages';

/**
 * The checks a version passes before it can go live (at publish and again at pin), as
 * pure functions: each problem is one Chinese line naming the remote, the package or path,
 * and both versions.
 */

/** Every shared singleton the version was built against is in the range the shell provides. */
export function sharedProblems(manifest: ReleaseManifest, provides: Record<string, string>): string[] {
  return SHARED_PACKAGES.flatMap((pkg) => {
    const provided = provides[pkg];
    if (!provided) return [];
    const built = manifest.shared[pkg];
    if (!built) return [RELEASE_MESSAGES.sharedMissing(manifest.remote, manifest.version, pkg, provided)];
    return semver.satisfies(built, provided, { includePrerelease: true })
      ? []
      : [RELEASE_MESSAGES.incompatibleShared(manifest.remote, manifest.version, pkg, built, provided)];
  });
}

/** Every module the route manifest names is exposed. */
export function exposureProblems(manifest: ReleaseManifest): string[] {
  const exposed = new Set(manifest.exposes);
  return manifest.routes
    .filter((route) => !exposed.has(route.exposed))
    .map((route) => RELEASE_MESSAGES.exposedMissing(manifest.remote, manifest.version, route.path, route.exposed));
}

export interface LiveRoutes {
  remote: string;
  version: string;
  routes: readonly Pick<RouteEntry, 'path'>[];
}

/** None of its routes is claimed by another live remote, or is one of the shell's own pages. */
export function collisionProblems(
  manifest: ReleaseManifest,
  others: readonly LiveRoutes[],
  shellPaths: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const route of manifest.routes) {
    if (shellPaths.some((path) => pathsOverlap(path, route.path)))
      problems.push(RELEASE_MESSAGES.routeIsShells(manifest.remote, manifest.version, route.path));
    for (const other of others) {
      if (other.remote === manifest.remote) continue;
      if (other.routes.some((claimed) => pathsOverlap(claimed.path, route.path))) {
        problems.push(
          RELEASE_MESSAGES.routeCollision(manifest.remote, manifest.version, route.path, other.remote, other.version),
        );
      }
    }
  }
  return problems;
}

/**
 * A new shell against the live remotes: each live version's shared packages in the new
 * shell's ranges (a package the new shell no longer provides breaks every remote built
 * against it), and no page of the new shell on a path a live remote owns.
 */
export function shellProblems(
  shell: Pick<ShellManifest, 'provides' | 'pages'>,
  live: readonly ReleaseManifest[],
): string[] {
  return live.flatMap((manifest) => [
    ...SHARED_PACKAGES.flatMap((pkg) => {
      const provided = shell.provides[pkg];
      const built = manifest.shared[pkg];
      if (!built) return [];
      if (!provided) return [RELEASE_MESSAGES.shellDropsShared(manifest.remote, manifest.version, pkg, built)];
      if (semver.satisfies(built, provided, { includePrerelease: true })) return [];
      return [RELEASE_MESSAGES.shellBreaksRemote(manifest.remote, manifest.version, pkg, built, provided)];
    }),
    ...manifest.routes.flatMap((route) =>
      shell.pages
        .filter((page) => pathsOverlap(page, route.path))
        .map((page) => RELEASE_MESSAGES.shellTakesRoute(page, manifest.remote, manifest.version, route.path)),
    ),
  ]);
}
