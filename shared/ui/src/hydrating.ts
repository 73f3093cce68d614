import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * True while React hydrates the server's markup (the first render of a server-rendered public
 * page, shell/src/federation/hydration.ts), false after and in any page rendered in the browser
 * alone. A part only the browser draws (the login box, an advertisement) draws the server's
 * stand-in while it is true, so the first render is the server's markup node for node, and
 * draws itself right after: React renders again with the browser's value (the documented use
 * of `getServerSnapshot`).
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}
