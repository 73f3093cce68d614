import { z } from 'zod';

/**
 * Release management (issue 17): what a remote says about itself, and the pins document
 * the shell starts from. Shared by the remotes' builds (they write the manifest), the API
 * (it checks and stores it, and serves the pins) and the shell (it builds its router from
 * the pins). The browser imports only types from here, so zod never ships to the page.
 */

/**
 * A route path: one segment or more of letters, digits and `-`, or `/` itself; a remote that
 * routes inside its own pages (the staff console) claims a whole prefix with a final `/*`.
 */
export const ROUTE_PATH_PATTERN = /^\/(?:[A-Za-z0-9-]+(?:\/[A-Za-z0-9-]+)*(?:\/\*)?)?$/;
/** A side-menu item's path (no `/*`). */
export const MENU_PATH_PATTERN = /^\/(?:[A-Za-z0-9-]+(?:\/[A-Za-z0-9-]+)*)?$/;

/**
 * Where a page sits: `public` in the site's page body, `student` inside the student-area
 * frame too, `console` a full page of its own (no site header or learner guard: the staff
 * console checks its own staff session).
 */
export const ROUTE_AREAS = ['public', 'student', 'console'] as const;
export type RouteArea = (typeof ROUTE_AREAS)[number];
/** Semantic version, as in a remote's package.json. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
/** A remote's key (its folder name) and its federation name (a JS identifier). */
export const REMOTE_KEY_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
export const FEDERATION_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
/** An exposed module name without its `./`. */
export const EXPOSED_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** One page a remote owns. */
export const routeEntrySchema = z.strictObject({
  path: z.string().regex(ROUTE_PATH_PATTERN),
  area: z.enum(ROUTE_AREAS),
  /** Document title before the association's name; absent = the name alone. */
  title: z.string().min(1).max(40).optional(),
  /** The side-menu item lit on this route (a path of the student menu). */
  menuPath: z.string().regex(MENU_PATH_PATTERN).optional(),
  /** The exposed module that renders it (without `./`). */
  exposed: z.string().regex(EXPOSED_NAME_PATTERN),
  /** Anonymous visitors are sent home (spec 01 §6). */
  loginRequired: z.boolean(),
  /** The page renders no antd component: the shell gives it no antd context. */
  withoutAntd: z.literal(true).optional(),
});
export type RouteEntry = z.infer<typeof routeEntrySchema>;

/**
 * Packages whose single copy the shell provides and remotes use: a remote built against
 * one must find a version the live shell's range accepts.
 */
export const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  'antd',
  '@reduxjs/toolkit',
  'react-redux',
  '@yaoshi/api-client',
  '@yaoshi/contracts',
] as const;
export type SharedPackage = (typeof SHARED_PACKAGES)[number];

/** `release-manifest.json`, written by every remote's build beside its mf-manifest.json. */
export const releaseManifestSchema = z.strictObject({
  remote: z.string().regex(REMOTE_KEY_PATTERN),
  federationName: z.string().regex(FEDERATION_NAME_PATTERN),
  /** The Chinese name of the remote's section, for messages ("「订单管理」模块暂时无法加载"). */
  section: z.string().min(1).max(20),
  version: z.string().regex(VERSION_PATTERN),
  /** Exposed module names (without `./`). */
  exposes: z.array(z.string().regex(EXPOSED_NAME_PATTERN)).max(200),
  routes: z.array(routeEntrySchema).max(200),
  /** The exact version of each shared package the build used. */
  shared: z.record(z.string(), z.string().max(64)),
});
export type ReleaseManifest = z.infer<typeof releaseManifestSchema>;

/**
 * The shell's own `shell-manifest.json`, written by the shell's build: the ranges it provides
 * for each shared package, and the paths of the pages it renders itself (no remote may
 * claim them; a new shell may not take a path a live remote owns).
 */
export const shellManifestSchema = z.strictObject({
  version: z.string(),
  provides: z.record(z.string(), z.string().max(64)),
  pages: z.array(z.string().regex(ROUTE_PATH_PATTERN)).max(200),
});
export type ShellManifest = z.infer<typeof shellManifestSchema>;

export const RELEASE_MANIFEST_FILE = 'release-manifest.json';
export const SHELL_MANIFEST_FILE = 'shell-manifest.json';

/**
 * One remote in the pins document (`/remotes.json`). `via` says why this visitor gets this
 * version: the pin, a canary share, or a QA override.
 */
export interface PinnedRemote {
  version: string;
  federationName: string;
  /** The remote's mf-manifest.json: root-relative or absolute http(s) URL. */
  entry: string;
  section: string;
  routes: RouteEntry[];
  via?: 'pin' | 'canary' | 'override';
}

/** `/remotes.json`: remote key → what the shell registers and routes. */
export type PinsDocument = Record<string, PinnedRemote>;

/** Two route paths claim a common address: equal, or one is `prefix/*` over the other. */
export function pathsOverlap(a: string, b: string): boolean {
  if (a === b) return true;
  const covers = (splat: string, other: string) => {
    if (!splat.endsWith('/*')) return false;
    const prefix = splat.slice(0, -2);
    const bare = other.endsWith('/*') ? other.slice(0, -2) : other;
    return bare === prefix || bare.startsWith(`${prefix}/`);
  };
  return covers(a, b) || covers(b, a);
}

/** Paths claimed by more than one remote: `[path, [remoteA, remoteB]]`. */
export function routeCollisions(
  remotes: Record<string, { routes: readonly { path: string }[] }>,
): [string, string[]][] {
  const owners = new Map<string, string[]>();
  for (const [key, remote] of Object.entries(remotes)) {
    for (const route of remote.routes) owners.set(route.path, [...(owners.get(route.path) ?? []), key]);
  }
  return [...owners].filter(([, keys]) => keys.length > 1);
}
