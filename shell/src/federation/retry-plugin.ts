import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * First depth of remote failure handling: retry on the network. A manifest fetch that
 * fails on the network (or gets a 502/503/504) and a remote entry script that fails to
 * load are tried again after a short, growing pause. A 404 is not retried: the file is not
 * there, and the fallback module and error boundary take over at once.
 *
 * Written here rather than using @module-federation/retry-plugin, whose npm release is
 * pinned to an older runtime.
 */
export const RETRY_DELAYS_MS = [400, 1200] as const;

const RETRYABLE_STATUS = new Set([502, 503, 504]);

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Fetches with the retry schedule; a final non-2xx answer becomes an error (see below). */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= delays.length; attempt += 1) {
    if (attempt > 0) await pause(delays[attempt - 1] ?? 0);
    try {
      // Manifests are served no-cache; revalidate so a restored file is seen at once.
      const response = await fetch(url, { ...init, cache: 'no-cache' });
      if (response.ok) return response;
      lastError = new Error(`HTTP ${response.status} for ${url}`);
      if (!RETRYABLE_STATUS.has(response.status)) break;
    } catch (error) {
      lastError = error;
    }
  }
  // Thrown, not returned: the runtime then drops its pending-manifest entry, whereas a
  // 404 body that parses as JSON would be cached as an invalid manifest for the page's life.
  throw lastError;
}

type LoadEntryErrorHook = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

async function retryEntry({
  getRemoteEntry,
  origin,
  remoteInfo,
  remoteEntryExports,
  globalLoading,
  uniqueKey,
}: Parameters<LoadEntryErrorHook>[0]) {
  for (const delay of RETRY_DELAYS_MS) {
    await pause(delay);
    // The failed attempt is still registered as "loading"; without this the retry would
    // wait on itself.
    delete globalLoading[uniqueKey];
    try {
      const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
      if (exports) return exports;
    } catch {
      // next delay
    }
  }
  return undefined;
}

export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'yaoshi-retry',
    async fetch(url, init) {
      return fetchWithRetry(url, init);
    },
    loadEntryError(args) {
      // Declared as a promise of a promise; the runtime awaits whatever comes back, so one is enough.
      return retryEntry(args) as unknown as ReturnType<LoadEntryErrorHook>;
    },
  };
}
