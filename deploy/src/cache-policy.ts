import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '@yaoshi/api-server/releases/release-storage';

/**
 * Cache-Control for every file the site serves. Versioned remote folders never change once
 * released, so they are cached for a year — except each `mf-manifest.json`, which the
 * runtime reads to find the entry. `remotes.json` and the HTML are always revalidated so a
 * moved pin or a new shell takes effect on the next page load. With `S3_*` the versions are
 * in the bucket, which sends the same two values, stored with each object when it is
 * published (release-storage.ts `cacheControlOfFile`).
 */
export const IMMUTABLE = IMMUTABLE_CACHE;
export const REVALIDATE = REVALIDATE_CACHE;
/**
 * The site's icons live at fixed addresses browsers ask for by name (/favicon.ico), so they
 * cannot carry a hash: cached for a day, then revalidated (ETag), so a new icon shows
 * within a day without every page view asking for it again.
 */
export const ICON = 'public, max-age=86400';

const SITE_ICON = /^\/(?:favicon\.(?:ico|svg)|apple-touch-icon\.png|icon-\d+\.png|site\.webmanifest)$/;

/** A remote's key as the registry allows it (REMOTE_KEY_PATTERN: letters, digits, `-`), then its version. */
const VERSIONED_REMOTE_FILE = /^\/remotes\/[a-z][a-z0-9-]*\/\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?\/.+/;
/** Shell chunks carry a content hash in their name, e.g. `main.3f9a1c2b.js`. */
const CONTENT_HASHED = /[.-][0-9a-f]{8,}\.(?:js|css|woff2?|png|jpe?g|svg|webp)$/;

/**
 * The rules in the order they apply, the first match winning; anything else is REVALIDATE.
 * The Node server (cacheControlFor) and nginx (cluster/nginx-config.ts writes one regex
 * `location` per rule, in this order) read the same list.
 */
export const CACHE_RULES: readonly { pattern: RegExp; cacheControl: string }[] = [
  { pattern: /\/mf-manifest\.json$/, cacheControl: REVALIDATE },
  { pattern: /^\/remotes\.json$/, cacheControl: REVALIDATE },
  { pattern: VERSIONED_REMOTE_FILE, cacheControl: IMMUTABLE },
  { pattern: CONTENT_HASHED, cacheControl: IMMUTABLE },
  { pattern: SITE_ICON, cacheControl: ICON },
];

export function cacheControlFor(urlPath: string): string {
  return CACHE_RULES.find((rule) => rule.pattern.test(urlPath))?.cacheControl ?? REVALIDATE;
}
