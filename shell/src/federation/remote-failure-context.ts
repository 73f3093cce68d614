import { createContext, useContext } from 'react';
import type { RemoteKey } from './remote-catalog';

export interface RemoteFailureHandle {
  remote: RemoteKey;
  retry: () => Promise<void>;
}

/** Which remote a route belongs to and how to load it again; set by RemotePage. */
export const RemoteFailureContext = createContext<RemoteFailureHandle | null>(null);

export function useRemoteFailureHandle(): RemoteFailureHandle | null {
  return useContext(RemoteFailureContext);
}
