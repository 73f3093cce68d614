import { useState } from 'react';
import { REMOTE_RETRY_LABEL, remoteUnavailableText } from '@yaoshi/ui/message-texts';
import { SiteButton } from '@yaoshi/ui/site-button';
import { useRemoteFailureHandle } from './remote-failure-context';
import { tokens } from '@yaoshi/ui/site-tokens';

/** What a route of a failed remote shows: the section's name, and 重试 that loads it again. */
export function RemoteUnavailable() {
  const handle = useRemoteFailureHandle();
  const [retrying, setRetrying] = useState(false);
  const section = handle?.section ?? '页面';
  return (
    // Plain markup rather than antd's Result and Button: it stands in for any remote page,
    // the public ones included, which render outside antd's context.
    <div role="alert" style={{ textAlign: 'center', padding: '64px 16px' }}>
      <p style={{ fontSize: 20, color: tokens.colorText, margin: '0 0 24px' }}>
        <span aria-hidden="true" style={{ color: tokens.gold7, marginRight: 8 }}>
          ⚠
        </span>
        {remoteUnavailableText(section)}
      </p>
      {handle && (
        <SiteButton
          variant="primary"
          loading={retrying}
          onClick={() => {
            setRetrying(true);
            void handle.retry().finally(() => setRetrying(false));
          }}
        >
          {REMOTE_RETRY_LABEL}
        </SiteButton>
      )}
    </div>
  );
}
