/**
 * Hydration of a server-rendered public page (issue 38). The server renders the page with
 * the pinned public-content version's server bundle inside the shell's frame, node for node
 * what the browser's site draws on its first render once its queries have answered, and
 * sends those answers with it (deploy/src/public-pages). On the visitor's first intent
 * (site-takeover.js) the browser loads the page's module, puts the answers into the store
 * and hydrates: React adopts the server's nodes instead of drawing new ones, so the text a
 * visitor is reading, where they scrolled, what they selected or typed, stay as they are.
 * A page the server could not render so (an older bundle, a release override, a signed-in
 * visitor) is built aside and swapped in, as before (server-page.ts).
 */

import { HYDRATION_DATA_ID, isQueryEntry, type QueryEntry } from '@yaoshi/contracts/hydration';

/** The answers a page rendered for hydration carries; undefined when it was not rendered so. */
export function serverHydrationData(doc: Document): QueryEntry[] | undefined {
  if (!doc.querySelector('script[data-hydrate]')) return undefined;
  const text = doc.getElementById(HYDRATION_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as { queries?: unknown };
    return Array.isArray(parsed.queries) ? parsed.queries.filter(isQueryEntry) : undefined;
  } catch {
    return undefined;
  }
}

/** What a test, or support, reads of how the page came to life: `window.__yaoshiHydration`. */
export interface HydrationOutcome {
  /** 'hydrated': React adopted the server's nodes; 'recovered': it had to draw some again (a mismatch). */
  state: 'hydrating' | 'hydrated' | 'recovered';
  /** Recoverable errors React reported (mismatches), their messages. */
  errors: string[];
}

declare global {
  interface Window {
    __yaoshiHydration?: HydrationOutcome;
  }
}
