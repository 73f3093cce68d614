import type { ComponentProps, ReactNode } from 'react';
import { tokens } from './site-tokens';

/**
 * A status tag drawn like antd's Tag, without it (antd's brings its wave effect and the
 * learner components' chunk). The text colours are darker than antd's for the same hue:
 * antd's gold and orange text on their pale backgrounds is under 4.5:1, the contrast text needs.
 */
export type TagColour = 'blue' | 'green' | 'gold' | 'orange' | 'red' | 'purple' | 'default';

const COLOURS: Record<TagColour, { color: string; background: string; border: string }> = {
  blue: { color: tokens.blue7, background: tokens.colorInfoBg, border: tokens.colorInfoBorder },
  green: { color: tokens.colorTextSuccess, background: tokens.colorSuccessBg, border: tokens.colorSuccessBorder },
  gold: { color: tokens.gold9, background: tokens.colorWarningBg, border: tokens.colorWarningBorder },
  orange: { color: tokens.orange8, background: tokens.orange1, border: tokens.orange3 },
  red: { color: tokens.red8, background: tokens.red1, border: tokens.red3 },
  purple: { color: tokens.purple7, background: tokens.purple1, border: tokens.purple3 },
  default: { color: tokens.colorText, background: tokens.colorFillAlter, border: tokens.colorBorder },
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
