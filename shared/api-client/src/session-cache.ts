/**
 * A small TTL'd cache in sessionStorage (spec 01 §4: navigation categories and site
 * settings are cached there). Pure apart from the storage it is handed.
 */
interface CacheEntry<T> {
  value: T;
  /** ms since epoch; null = for the whole browser session. */
  expiresAt: number | null;
}

export function readCache<T>(storage: Storage, key: string, now: number = Date.now()): T | undefined {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    const entry = JSON.parse(raw) as CacheEntry<T>;
    if (typeof entry !== 'object' || entry === null || !('value' in entry)) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= now) {
      storage.removeItem(key);
      return undefined;
    }
    return entry.value;
  } catch {
    storage.removeItem(key);
    return undefined;
  }
}

export function writeCache<T>(
  storage: Storage,
  key: string,
  value: T,
  ttlMs: number | null,
  now: number = Date.now(),
): void {
  const entry: CacheEntry<T> = { value, expiresAt: ttlMs === null ? null : now + ttlMs };
  try {
    storage.setItem(key, JSON.stringify(entry));
  } catch {
    // Storage full or disabled (private mode): the page works, it just asks the server again.
  }
}
