/**
 * Stored rich text (articles, topic pages, the association's chapters) has headings of its
 * authors' choosing: an `<h3>` straight under the page's `<h1>` skips a level, which screen
 * readers navigate by (and Lighthouse's heading-order audit counts against the page). Placed
 * under a heading of level `below`, the text's headings are renumbered: the highest becomes
 * `below + 1`, the others follow in rank, and none is ever more than one level deeper than
 * the heading before it. Text and attributes are kept; only the element's level changes.
 */
export function nestHeadings(html: string, below: number): string {
  const HEADING = /<h([1-6])(\s[^>]*)?>([\s\S]*?)<\/h\1\s*>/gi;
  const levels = [...new Set(Array.from(html.matchAll(HEADING), (match) => Number(match[1])))].sort((a, b) => a - b);
  if (levels.length === 0) return html;
  let previous = below;
  return html.replace(HEADING, (_whole, level: string, attributes: string | undefined, inner: string) => {
    const ranked = below + 1 + levels.indexOf(Number(level));
    const next = Math.min(6, Math.max(below + 1, Math.min(ranked, previous + 1)));
    previous = next;
    return `<h${next}${attributes ?? ''}>${inner}</h${next}>`;
  });
}
