import type { HTMLAttributes } from 'react';
import { tokens } from './site-tokens';

/**
 * Headings, paragraphs and text drawn like antd's Typography, without it. The learner
 * pages use Typography only for these, but antd's brings its editable text (Input and
 * TextArea), copy-to-clipboard, tooltips and ellipsis measuring with it: about 25 KB gzip
 * on each page's first load.
 */
const STYLES = `
.site-title { margin: 0 0 .5em; color: var(--ys-color-text); font-weight: 600; }
.site-paragraph { margin: 0 0 1em; }
.site-typography + .site-title { margin-top: 1.2em; }
`;

/** antd's heading sizes and line heights, by level. */
const TITLE_FONT: Record<TitleLevel, { fontSize: number; lineHeight: number }> = {
  1: { fontSize: 38, lineHeight: 1.21 },
  2: { fontSize: 30, lineHeight: 1.27 },
  3: { fontSize: 24, lineHeight: 1.33 },
  4: { fontSize: 20, lineHeight: 1.4 },
  5: { fontSize: 16, lineHeight: 1.5 },
};

export type TitleLevel = 1 | 2 | 3 | 4 | 5;

/** `secondary`: the site's muted grey (antd's colorTextDescription in SITE_THEME). */
export type TextType = 'secondary';

function TypographyStyles() {
  return (
    <style href="yaoshi-typography" precedence="default">
      {STYLES}
    </style>
  );
}

function classNames(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export function Title({
  level = 1,
  className,
  style,
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { level?: TitleLevel }) {
  const Heading = `h${level}` as const;
  return (
    <>
      <TypographyStyles />
      <Heading
        className={classNames('site-typography', 'site-title', className)}
        style={{ ...TITLE_FONT[level], ...style }}
        {...rest}
      />
    </>
  );
}

export function Paragraph({
  type,
  className,
  style,
  ...rest
}: HTMLAttributes<HTMLParagraphElement> & { type?: TextType }) {
  return (
    <>
      <TypographyStyles />
      <p
        className={classNames('site-typography', 'site-paragraph', className)}
        style={type === 'secondary' ? { color: tokens.colorTextDescription, ...style } : style}
        {...rest}
      />
    </>
  );
}

export function Text({
  type,
  strong = false,
  style,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { type?: TextType; strong?: boolean }) {
  return (
    <span
      style={{
        ...(type === 'secondary' ? { color: tokens.colorTextDescription } : {}),
        ...(strong ? { fontWeight: 600 } : {}),
        ...style,
      }}
      {...rest}
    />
  );
}
