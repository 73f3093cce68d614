import { useCallback, useEffect, useState } from 'react';
import { CODE_RESEND_SECONDS } from '@yaoshi/contracts/identity-rules';

export const GET_CODE_LABEL = '获取验证码';

/** The code button's text: 获取验证码, or the seconds left. */
export function codeButtonLabel(remaining: number): string {
  return remaining > 0 ? `${remaining}秒后重新获取` : GET_CODE_LABEL;
}

/** The button can be clicked only while it reads 获取验证码 (spec 01 §4). */
export function canRequestCode(remaining: number): boolean {
  return codeButtonLabel(remaining) === GET_CODE_LABEL;
}

/** A countdown ticking once a second; `start()` begins a new one. */
export function useCountdown(seconds: number = CODE_RESEND_SECONDS) {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  const start = useCallback(() => setRemaining(seconds), [seconds]);
  return { remaining, start };
}
