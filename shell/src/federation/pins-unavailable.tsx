import { REMOTE_RETRY_LABEL, remoteUnavailableText } from '@yaoshi/ui/message-texts';
import { SiteButton } from '@yaoshi/ui/site-button';
import { tokens } from '@yaoshi/ui/site-tokens';

/**
 * What a page outside the shell shows when the pins document could not be had: the shell
 * does not know which remote renders it, so it cannot say "page not found". 重试 loads
 * the page again, which asks for the pins afresh.
 */
export function PinsUnavailable({ reload = () => window.location.reload() }: { reload?: () => void }) {
  return (
    <div role="alert" style={{ textAlign: 'center', padding: '64px 16px' }}>
      <p style={{ fontSize: 20, color: tokens.colorText, margin: '0 0 24px' }}>
        <span aria-hidden="true" style={{ color: tokens.gold7, marginRight: 8 }}>
          ⚠
        </span>
        {remoteUnavailableText('页面')}
      </p>
      <SiteButton variant="primary" onClick={reload}>
        {REMOTE_RETRY_LABEL}
      </SiteButton>
    </div>
  );
}
