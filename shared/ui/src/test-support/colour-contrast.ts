import { propertyName, siteTokenValues } from '../tokens/render-tokens';

/** Test support, not a module of the site (the shared modules are the files directly in src). */

const TOKEN_VALUES = new Map([...siteTokenValues()].map(([name, value]) => [propertyName(name), value]));

/**
 * A style value with the site's properties (`var(--ys-color-text)`) replaced by their values,
 * as a browser computes it from the shell's stylesheet (jsdom keeps the `var()` as written).
 */
export function resolveTokens(value: string): string {
  return value.replace(/var\((--ys-[a-z0-9-]+)\)/g, (reference, name: string) => TOKEN_VALUES.get(name) ?? reference);
}

/**
 * WCAG 2 contrast between two colours, each `#rgb`, `#rrggbb`, `rgb(r, g, b)` (as a browser
 * reports a computed colour) or one of the site's properties (`var(--ys-color-text)`). Small
 * text needs 4.5:1 on its background, a control's border 3:1.
 */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(resolveTokens(a)), luminance(resolveTokens(b))].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** A colour's red, green and blue; a translucent one (`rgba(0, 0, 0, 0.88)`) as it shows on the white page. */
function channels(colour: string): [number, number, number] {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  const hex = short
    ? short.slice(1).map((digit) => digit + digit)
    : /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour)?.slice(1);
  if (hex) return hex.map((part) => parseInt(part, 16)) as [number, number, number];
  const parts = (/^rgba?\(([^)]*)\)$/.exec(colour)?.[1] ?? '').split(',').map((part) => Number(part.trim()));
  if (parts.length < 3 || parts.some((part) => Number.isNaN(part))) throw new Error(`not a colour: ${colour}`);
  const [r, g, b, alpha = 1] = parts as [number, number, number, number?];
  return [r, g, b].map((part) => Math.round(part * alpha + 255 * (1 - alpha))) as [number, number, number];
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((part) => {
    const channel = part / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
