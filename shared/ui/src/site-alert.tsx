import type { ReactNode } from 'react';
import { tokens } from './site-tokens';

/**
 * A warning box drawn like antd's `Alert type="warning" showIcon`, without it (antd's is in
 * the learner components' chunk). Announced when it appears. `action`, like antd's, sits at
 * the right (a button that resolves the warning); on a narrow box it wraps below the text.
 */
export function WarningAlert({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="alert"
      style={{
        display: 'flex',
        flexWrap: action ? 'wrap' : 'nowrap',
        alignItems: 'center',
        gap: 8,
        padding: '8px 12px',
        fontSize: 14,
        lineHeight: tokens.lineHeight,
        color: tokens.colorText,
        background: tokens.colorWarningBg,
        border: `1px solid ${tokens.colorWarningBorder}`,
        borderRadius: 8,
      }}
    >
      <svg
        width="14"
        height="14"
        viewBox="0 0 14 14"
        aria-hidden="true"
        style={{ flex: 'none', color: tokens.colorTextLightSolid }}
      >
        <circle cx="7" cy="7" r="7" style={{ fill: tokens.colorWarning }} />
        <path d="M7 3.5v4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        <circle cx="7" cy="10.3" r=".9" fill="currentColor" />
      </svg>
      <div style={action ? { flex: '1 1 320px', minWidth: 0 } : undefined}>{children}</div>
      {action && <div style={{ flex: 'none', marginLeft: 'auto' }}>{action}</div>}
    </div>
  );
}
