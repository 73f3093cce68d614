/**
 * Test support, not a module of the site (the shared modules are the files directly in src).
 *
 * WCAG 2 contrast between two colours, each `#rrggbb` or `rgb(r, g, b)` (as a browser reports
 * a computed colour). Small text needs 4.5:1 on its background, a control's border 3:1.
 */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function channels(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  const parts = hex ? hex.slice(1).map((part) => parseInt(part, 16)) : (colour.match(/\d+/g) ?? []).map(Number);
  if (parts.length < 3) throw new Error(`not a colour: ${colour}`);
  return parts.slice(0, 3) as [number, number, number];
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((part) => {
    const channel = part / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
