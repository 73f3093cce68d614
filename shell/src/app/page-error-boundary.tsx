import { Component, type ReactNode } from 'react';
import { REMOTE_RETRY_LABEL } from '@yaoshi/ui/message-texts';
import { SiteButton } from '@yaoshi/ui/site-button';
import { tokens } from '@yaoshi/ui/site-tokens';

export const PAGE_FAILED_TEXT = '页面加载失败，请检查网络后重试';

/**
 * What a route shows when its own code fails to download or render (a shell page, the
 * student frame, the 404 page): the site's header and footer stay, and 重试 loads the page
 * again. A remote's page has its own boundary with its own retry (RemoteErrorBoundary).
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[site] a page failed', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" style={{ textAlign: 'center', padding: '64px 16px' }}>
        <p style={{ fontSize: 20, color: tokens.colorText, margin: '0 0 24px' }}>{PAGE_FAILED_TEXT}</p>
        <SiteButton variant="primary" onClick={() => window.location.reload()}>
          {REMOTE_RETRY_LABEL}
        </SiteButton>
      </div>
    );
  }
}
