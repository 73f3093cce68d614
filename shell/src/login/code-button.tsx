import { useState } from 'react';
import { Button } from 'antd';
import { canRequestCode, codeButtonLabel, useCountdown } from './countdown';

/**
 * 获取验证码 with its 60 s countdown. `send` checks the phone and asks the server; it
 * resolves true when a code went out, which starts the countdown.
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
    <Button onClick={() => void onClick()} disabled={!canRequestCode(remaining)} loading={sending} style={{ minWidth: 112 }}>
      {codeButtonLabel(remaining)}
    </Button>
  );
}
