/**
 * Between the server that renders public pages (deploy/src/public-pages) and the shell that
 * hydrates them (shell/src/federation/hydration.ts): where the page's queries' answers travel.
 */

/** The `<script type="application/json">` after `#root` holding `HydrationData`. */
export const HYDRATION_DATA_ID = 'yaoshi-hydration';

/**
 * The shell's endpoints the frame's answers go to (the header's, the footer's and the side
 * panel's queries: @yaoshi/api-client's site-settings-api.ts, the shell's site-content-api.ts).
 * The server writes their entries; a shell test holds the names to its api slice.
 */
export const FRAME_ENDPOINTS = {
  siteSettings: 'siteSettings',
  navigationCategories: 'navigationCategories',
  friendLinks: 'friendLinks',
} as const;

/** A cache entry of the browser's store, as RTK Query's `upsertQueryEntries` takes it. */
export interface QueryEntry {
  endpointName: string;
  arg: unknown;
  value: unknown;
}

export interface HydrationData {
  queries: readonly QueryEntry[];
}

/** Whether `value` is a well-formed entry (the JSON comes from the page, and is read with care). */
export function isQueryEntry(value: unknown): value is QueryEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { endpointName?: unknown }).endpointName === 'string' &&
    'value' in value
  );
}
