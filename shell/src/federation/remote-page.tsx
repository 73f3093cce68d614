import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { Spin } from 'antd';
import type { RemoteKey } from './remote-catalog';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteFailureContext } from './remote-failure-context';
import { useRemoteRegistry } from './remote-registry-context';

/**
 * A route rendered by a remote: `exposed` is loaded lazily through the registry, inside
 * the remote's error boundary. Retry clears the runtime's memory of the failure and
 * builds a new lazy component, so the load really happens again.
 */
export function RemotePage({ remote, exposed }: { remote: RemoteKey; exposed: string }) {
  const registry = useRemoteRegistry();
  const [attempt, setAttempt] = useState(0);
  // `attempt` is a dependency on purpose: a new lazy() forgets the previous outcome.
  const Page = useMemo(() => lazy(() => registry.load(remote, exposed)), [registry, remote, exposed, attempt]);
  const retry = useCallback(async () => {
    await registry.prepareRetry(remote);
    setAttempt((n) => n + 1);
  }, [registry, remote]);
  const handle = useMemo(() => ({ remote, retry }), [remote, retry]);
  return (
    <RemoteFailureContext.Provider value={handle}>
      <RemoteErrorBoundary key={attempt}>
        <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '80px auto' }} />}>
          <Page />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteFailureContext.Provider>
  );
}
