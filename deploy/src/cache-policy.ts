/**
 * Cache-Control for every file the site serves. Versioned remote folders never change once
 * released, so they are cached for a year — except each `mf-manifest.json`, which the
 * runtime reads to find the entry. `remotes.json` and the HTML are always revalidated so a
 * moved pin or a new shell takes effect on the next page load.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
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

export function cacheControlFor(urlPath: string): string {
  if (urlPath.endsWith('/mf-manifest.json') || urlPath === '/remotes.json') return REVALIDATE;
  if (VERSIONED_REMOTE_FILE.test(urlPath)) return IMMUTABLE;
  if (CONTENT_HASHED.test(urlPath)) return IMMUTABLE;
  if (SITE_ICON.test(urlPath)) return ICON;
  return REVALIDATE;
}
