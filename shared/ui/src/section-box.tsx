import type { CSSProperties, ReactNode } from 'react';

export const BRAND_BLUE = '#1f5fa8';
export const MUTED_TEXT = '#595959';
/** antd's colorError: an input's border (3.3:1 on white, as a border needs 3:1) and a required mark. */
export const ERROR_RED = '#ff4d4f';
/** A problem's text, and red text on buttons: antd's red-7, 5.6:1 on white (#ff4d4f is 3.3:1, under 4.5:1). */
export const ERROR_TEXT_RED = '#cf1322';
/**
 * Green text (a correct answer, a finished bar's 100%, a green tag): antd's green-8, 5.6:1
 * on white (green-7 #389e0d is 3.5:1, the bar's green #52c41a 2.4:1).
 */
export const SUCCESS_TEXT_GREEN = '#237804';

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
    <section style={{ border: '1px solid #e8e8e8', borderRadius: 6, background: '#fff', ...style }}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
          padding: '0 16px',
          borderBottom: `2px solid ${BRAND_BLUE}`,
          minHeight: 44,
        }}
      >
        <Heading style={{ margin: 0, fontSize: 16, color: BRAND_BLUE }}>{title}</Heading>
        {extra}
      </div>
      <div style={{ padding: '8px 16px 12px' }}>{children}</div>
    </section>
  );
}
