import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/** Server HTML (notices, the agreement) rendered only after DOMPurify has removed scripts and handlers. */
export function SafeHtml({ html, label }: { html: string; label?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <div aria-label={label} className="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}
