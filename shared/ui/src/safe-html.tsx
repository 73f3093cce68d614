import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { nestHeadings } from './heading-levels';

/**
 * Server HTML (articles, topic pages, notices, the agreement, the text advertisement)
 * rendered only after DOMPurify has removed scripts, event handlers and `javascript:` URLs.
 * The server sanitizes before storing too; this second pass protects against anything that
 * reached the database another way. One copy for the whole site: this package is a shared
 * singleton, so the shell and every remote use the same DOMPurify.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'iframe'], FORBID_ATTR: ['style'] });
}

export function SafeHtml({
  html,
  label,
  className = 'rich-text',
  headingsBelow,
}: {
  html: string;
  label?: string;
  className?: string;
  /** The level of the page's heading this text sits under: its own headings are renumbered from the next (heading-levels.ts). */
  headingsBelow?: number;
}) {
  const clean = useMemo(() => {
    const safe = sanitizeHtml(html);
    return headingsBelow === undefined ? safe : nestHeadings(safe, headingsBelow);
  }, [html, headingsBelow]);
  return <div aria-label={label} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
