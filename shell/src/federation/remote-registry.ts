import type { ComponentType } from 'react';
import { isRemoteFallback } from './fallback-marker';
import type { RemoteKey, RemotePin, RemotePins } from './pins';

/** What the shell needs from the Module Federation runtime (`@module-federation/enhanced/runtime`). */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export interface PageModule {
  default: ComponentType;
}

export interface RemoteRegistry {
  /** Fetches and registers the pins once; after a failure the next call tries again. */
  ensurePins(): Promise<RemotePins>;
  /** The page module `exposed` (e.g. `MyOrder`) of a remote. */
  load(remote: RemoteKey, exposed: string): Promise<PageModule>;
  /** The module `load` has already delivered (a real one, not the fallback), at once; else undefined. */
  loaded(remote: RemoteKey, exposed: string): PageModule | undefined;
  /** Clears what the runtime remembers of a failed remote so the next load starts afresh. */
  prepareRetry(remote: RemoteKey): Promise<void>;
  /** A page of this remote threw while rendering (counted for the release registry). */
  reportRenderError(remote: RemoteKey): void;
}

/** Marks an error `load` already counted, so the error boundary does not count it again. */
export const LOAD_FAILURE = Symbol.for('yaoshi.remote-load-failure');

export function isLoadFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && LOAD_FAILURE in error;
}

function runtimeRemote(pin: RemotePin) {
  return { name: pin.federationName, entry: pin.entry };
}

export interface RemoteRegistryDeps {
  fetchPins: () => Promise<RemotePins>;
  runtime: FederationRuntime;
  /** Counts loads and failures per version (release-telemetry.ts); none in tests that do not ask. */
  onOutcome?: (remote: RemoteKey, version: string, kind: 'load' | 'load-error' | 'render-error') => void;
}

export function createRemoteRegistry(deps: RemoteRegistryDeps): RemoteRegistry {
  let pinsLoading: Promise<RemotePins> | undefined;
  /** Remotes that have delivered a real module: their entry is initialised and shared scope joined. */
  const healthy = new Set<RemoteKey>();
  /**
   * Remotes whose failure this attempt was counted: the first page's early load and the
   * route's own load of a broken remote are one failed visit, not two. A retry is a new attempt.
   */
  const failureCounted = new Set<RemoteKey>();
  /** Modules delivered, by `remote/exposed`: a page hydrating renders its module at once (RemotePage). */
  const delivered = new Map<string, PageModule>();

  function countFailure(remote: RemoteKey, version: string): void {
    if (failureCounted.has(remote)) return;
    failureCounted.add(remote);
    deps.onOutcome?.(remote, version, 'load-error');
  }

  function ensurePins(): Promise<RemotePins> {
    if (!pinsLoading) {
      const loading = deps.fetchPins().then((pins) => {
        deps.runtime.registerRemotes(Object.values(pins).map(runtimeRemote));
        return pins;
      });
      pinsLoading = loading;
      loading.catch((error: unknown) => {
        console.error(error);
        if (pinsLoading === loading) pinsLoading = undefined;
      });
    }
    return pinsLoading;
  }

  async function load(remote: RemoteKey, exposed: string): Promise<PageModule> {
    const pins = await ensurePins();
    const pin = pins[remote];
    if (!pin) throw new Error(`${remote} is not pinned`);
    let module: PageModule | null;
    try {
      module = await deps.runtime.loadRemote<PageModule>(`${pin.federationName}/${exposed}`);
      if (!module || (typeof module.default !== 'function' && typeof module.default !== 'object')) {
        throw new Error(`${pin.federationName}/${exposed} has no default export`);
      }
    } catch (error) {
      countFailure(remote, pin.version);
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), { [LOAD_FAILURE]: true });
    }
    if (isRemoteFallback(module)) {
      countFailure(remote, pin.version);
    } else {
      if (!healthy.has(remote)) deps.onOutcome?.(remote, pin.version, 'load');
      healthy.add(remote);
      delivered.set(`${remote}/${exposed}`, module);
    }
    return module;
  }

  async function prepareRetry(remote: RemoteKey): Promise<void> {
    const pins = await pinsLoading?.catch(() => undefined);
    // No pins yet: the next load fetches remotes.json again.
    if (!pins) return;
    // A remote that never loaded may have left a failed manifest or entry in the
    // runtime's caches (a manifest that fails validation stays cached as a rejected
    // promise). Registering it again with force drops all of that. A remote that did load
    // keeps its state: re-registering would detach it from the shared scope it joined.
    const pin = pins[remote];
    failureCounted.delete(remote);
    if (pin && !healthy.has(remote)) deps.runtime.registerRemotes([runtimeRemote(pin)], { force: true });
  }

  function reportRenderError(remote: RemoteKey): void {
    void pinsLoading?.then((pins) => {
      const pin = pins[remote];
      if (pin) deps.onOutcome?.(remote, pin.version, 'render-error');
    });
  }

  const loaded = (remote: RemoteKey, exposed: string) => delivered.get(`${remote}/${exposed}`);

  return { ensurePins, load, loaded, prepareRetry, reportRenderError };
}
