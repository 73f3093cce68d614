import { createContext, useContext } from 'react';
import type { RemoteKey } from './pins';

export interface RemoteFailureHandle {
  remote: RemoteKey;
  /** The Chinese name of the remote's section (from the pins). */
  section: string;
  retry: () => Promise<void>;
}

/** Which remote a route belongs to and how to load it again; set by RemotePage. */
export const RemoteFailureContext = createContext<RemoteFailureHandle | null>(null);

export function useRemoteFailureHandle(): RemoteFailureHandle | null {
  return useContext(RemoteFailureContext);
}
