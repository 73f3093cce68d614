import { useState } from 'react';
import { Button, Result } from 'antd';
import { REMOTE_RETRY_LABEL, remoteUnavailableText } from '@yaoshi/ui/message-texts';
import { sectionOf } from './remote-catalog';
import { useRemoteFailureHandle } from './remote-failure-context';

/** What a route of a failed remote shows: the section's name, and 重试 that loads it again. */
export function RemoteUnavailable() {
  const handle = useRemoteFailureHandle();
  const [retrying, setRetrying] = useState(false);
  const section = handle ? sectionOf(handle.remote) : '页面';
  return (
    <Result
      status="warning"
      title={remoteUnavailableText(section)}
      extra={
        handle && (
          <Button
            type="primary"
            loading={retrying}
            onClick={() => {
              setRetrying(true);
              void handle.retry().finally(() => setRetrying(false));
            }}
          >
            {REMOTE_RETRY_LABEL}
          </Button>
        )
      }
    />
  );
}
