import type { CSSProperties, ReactNode } from 'react';
import { tokens } from './site-tokens';

/**
 * A titled box (a blue-ruled heading, an optional link on the right): the public pages'
 * boxes and the shell's login panel. Plain markup rather than antd's Card, which brings
 * Tabs, Dropdown and Menu with it, on the site's first page.
 */
export function SectionBox({
  title,
  extra,
  children,
  style,
  headingLevel = 2,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      style={{
        border: `1px solid ${tokens.colorBorderBox}`,
        borderRadius: 6,
        background: tokens.colorBgContainer,
        ...style,
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
          padding: '0 16px',
          borderBottom: `2px solid ${tokens.colorPrimary}`,
          minHeight: 44,
        }}
      >
        <Heading style={{ margin: 0, fontSize: 16, color: tokens.colorPrimary }}>{title}</Heading>
        {extra}
      </div>
      <div style={{ padding: '8px 16px 12px' }}>{children}</div>
    </section>
  );
}
