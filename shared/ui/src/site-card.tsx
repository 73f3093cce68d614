import type { CSSProperties, ReactNode } from 'react';
import { tokens } from './site-tokens';

/**
 * A card drawn like antd's (a titled, bordered box), without it: antd's Card imports its
 * Tabs (for a tabbed card head), and with them rc-tabs, rc-menu and rc-overflow.
 */
export function Card({
  title,
  extra,
  style,
  children,
}: {
  title?: ReactNode;
  /** Beside the title, on the right (a status tag). */
  extra?: ReactNode;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  return (
    <div
      style={{
        background: tokens.colorBgContainer,
        border: `1px solid ${tokens.colorBorderSecondary}`,
        borderRadius: 8,
        ...style,
      }}
    >
      {(title !== undefined || extra !== undefined) && (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 16,
            minHeight: 56,
            padding: '0 24px',
            borderBottom: `1px solid ${tokens.colorBorderSecondary}`,
            fontSize: 16,
            fontWeight: 600,
            color: tokens.colorText,
          }}
        >
          <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</div>
          {extra !== undefined && <div style={{ fontWeight: 400, fontSize: 14 }}>{extra}</div>}
        </div>
      )}
      <div style={{ padding: 24 }}>{children}</div>
    </div>
  );
}
