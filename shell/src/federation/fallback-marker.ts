/**
 * Marks the module the fallback runtime plugin hands back instead of a remote's real
 * module, so the registry can tell a fallback from a successful load. No imports: the
 * runtime plugins are bundled into the federation runtime, before shared modules exist.
 */
export const REMOTE_FALLBACK_MARK = '__yaoshiRemoteFallback';

export function isRemoteFallback(module: unknown): boolean {
  return (
    typeof module === 'object' && module !== null && (module as Record<string, unknown>)[REMOTE_FALLBACK_MARK] === true
  );
}
