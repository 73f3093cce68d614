import { useState } from 'react';
import { SiteButton } from '@yaoshi/ui/site-button';
import { canRequestCode, codeButtonLabel, useCountdown } from './countdown';

/**
 * 获取验证码 with its 60 s countdown. `send` checks the phone and asks the server; it
 * resolves true when a code went out, which starts the countdown. Plain markup: it sits in
 * the login box of the first page, which loads no antd.
 */
export function CodeButton({ send }: { send: () => Promise<boolean> }) {
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const onClick = async () => {
    if (!canRequestCode(remaining) || sending) return;
    setSending(true);
    try {
      if (await send()) start();
    } finally {
      setSending(false);
    }
  };
  return (
    <SiteButton
      onClick={() => void onClick()}
      disabled={!canRequestCode(remaining)}
      loading={sending}
      style={{ minWidth: 112, flex: 'none' }}
    >
      {codeButtonLabel(remaining)}
    </SiteButton>
  );
}
