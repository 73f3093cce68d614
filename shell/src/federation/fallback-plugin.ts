import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_FALLBACK_MARK } from './fallback-marker';

/**
 * Second depth of remote failure handling: when a remote's module cannot be loaded at all
 * (after the retries), `loadRemote` resolves to a fallback page module instead of
 * rejecting. The page names the section and offers 重试; the route's RemotePage supplies
 * which remote failed and how to retry through React context.
 *
 * Only the `onLoad` lifecycle is answered: returning something for `afterResolve` would
 * make the runtime cache it as the remote's manifest.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'yaoshi-fallback',
    async errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      console.error(`[federation] ${args.id} could not be loaded`, args.error);
      // Loaded on demand: this file runs inside the federation runtime, before React is shared.
      const { RemoteUnavailable } = await import('./remote-unavailable');
      return { __esModule: true, default: RemoteUnavailable, [REMOTE_FALLBACK_MARK]: true };
    },
  };
}
