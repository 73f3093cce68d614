import { Component, type ReactNode } from 'react';
import { isLoadFailure } from './remote-registry';
import { RemoteUnavailable } from './remote-unavailable';

/**
 * Third depth of remote failure handling: anything the remote throws while loading or
 * rendering stays inside its own route. RemotePage remounts it (new key) on retry.
 */
export class RemoteErrorBoundary extends Component<
  { children: ReactNode; onRenderError?: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[federation] a remote page failed', error);
    // A failed load was counted where it happened; anything else is the page's own error.
    if (!isLoadFailure(error)) this.props.onRenderError?.();
  }

  override render(): ReactNode {
    return this.state.failed ? <RemoteUnavailable /> : this.props.children;
  }
}
