import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { announcePageShown } from './server-page';
import { inSiteAntdScope } from '@yaoshi/ui/antd-scope';
import { PageLoading } from './page-loading';
import { settled } from './settled';
import type { RemoteKey } from './pins';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteFailureContext } from './remote-failure-context';
import { useRemoteRegistry } from './remote-registry-context';

/**
 * A route rendered by a remote: `exposed` is loaded lazily through the registry, inside
 * the remote's error boundary. Retry clears the runtime's memory of the failure and
 * builds a new lazy component, so the load really happens again. With `antdScope` the
 * page is wrapped in antd's context, downloaded in parallel with the page.
 */
export function RemotePage({
  remote,
  section,
  exposed,
  antdScope = false,
}: {
  remote: RemoteKey;
  section: string;
  exposed: string;
  antdScope?: boolean;
}) {
  const registry = useRemoteRegistry();
  const [attempt, setAttempt] = useState(0);
  // `attempt` is a dependency on purpose: a new lazy() forgets the previous outcome.
  const Page = useMemo(
    () =>
      lazy(() => {
        // A module already in answers at once, so the page renders in this render rather than
        // suspending: hydrating a server-rendered page needs its first render to be the page.
        const ready = antdScope ? undefined : registry.loaded(remote, exposed);
        if (ready) return settled(ready);
        const page = registry.load(remote, exposed);
        return antdScope ? inSiteAntdScope(page.then((module) => module.default)) : page;
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt: see above
    [registry, remote, exposed, antdScope, attempt],
  );
  const retry = useCallback(async () => {
    await registry.prepareRetry(remote);
    setAttempt((n) => n + 1);
  }, [registry, remote]);
  const handle = useMemo(() => ({ remote, section, retry }), [remote, section, retry]);
  return (
    <RemoteFailureContext.Provider value={handle}>
      <RemoteErrorBoundary key={attempt} onRenderError={() => registry.reportRenderError(remote)}>
        <Suspense fallback={<PageLoading />}>
          <Page />
          <PageShown />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteFailureContext.Provider>
  );
}

/** Rendered beside the page, inside its Suspense boundary: its effect runs once the page has rendered (server-page.ts). */
function PageShown() {
  useEffect(() => announcePageShown(), []);
  return null;
}
