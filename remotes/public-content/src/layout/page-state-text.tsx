import type { ReactNode } from 'react';
import { tokens } from '@yaoshi/ui/site-tokens';

/** A page's "正在加载…" or "not found" line in its box (an article, a topic); `busy` while loading. */
export function PageStateText({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <p
      style={{ textAlign: 'center', color: tokens.colorTextDescription, margin: '48px 0' }}
      {...(busy ? { 'aria-busy': true } : {})}
    >
      {children}
    </p>
  );
}
