import type { ComponentProps, ReactNode } from 'react';
import { SUCCESS_TEXT_GREEN } from './section-box';

/**
 * A status tag drawn like antd's Tag, without it (antd's brings its wave effect and the
 * learner components' chunk). The text colours are darker than antd's for the same hue:
 * antd's gold and orange text on their pale backgrounds is under 4.5:1, the contrast text needs.
 */
export type TagColour = 'blue' | 'green' | 'gold' | 'orange' | 'red' | 'purple' | 'default';

const COLOURS: Record<TagColour, { color: string; background: string; border: string }> = {
  blue: { color: '#0958d9', background: '#e6f4ff', border: '#91caff' },
  green: { color: SUCCESS_TEXT_GREEN, background: '#f6ffed', border: '#b7eb8f' },
  gold: { color: '#874d00', background: '#fffbe6', border: '#ffe58f' },
  orange: { color: '#ad4e00', background: '#fff7e6', border: '#ffd591' },
  red: { color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
  purple: { color: '#531dab', background: '#f9f0ff', border: '#d3adf7' },
  default: { color: 'rgba(0,0,0,.88)', background: '#fafafa', border: '#d9d9d9' },
};

/** Other span props (a tooltip's handlers and ref, React 19 passing `ref` as a prop) go on the tag. */
export function Tag({
  color = 'default',
  children,
  style,
  ...rest
}: { color?: TagColour; children: ReactNode } & Omit<ComponentProps<'span'>, 'color' | 'children'>) {
  const colours = COLOURS[color];
  return (
    <span
      {...rest}
      style={{
        display: 'inline-block',
        marginInlineEnd: 8,
        padding: '0 7px',
        fontSize: 12,
        lineHeight: '20px',
        whiteSpace: 'nowrap',
        border: `1px solid ${colours.border}`,
        borderRadius: 4,
        color: colours.color,
        background: colours.background,
        ...style,
      }}
    >
      {children}
    </span>
  );
}
