import { Suspense, lazy, useEffect, useState } from 'react';
import { useAdvertisementsQuery } from '../articles/article-api';
import { markTextAdShown, shouldShowTextAd } from './advertisement-rules';

// Server HTML needs DOMPurify (SafeHtml): downloaded only when there is an advertisement to show.
const TextAdvertisementDialog = lazy(() => import('./text-advertisement-dialog').then((m) => ({ default: m.TextAdvertisementDialog })));

/** The text advertisement dialog: once per browser session (spec 01 §4). */
export function TextAdvertisement() {
  const { data } = useAdvertisementsQuery();
  const content = data?.textAdv?.content;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!content || !shouldShowTextAd(sessionStorage)) return;
    markTextAdShown(sessionStorage);
    setOpen(true);
  }, [content]);

  if (!open || !content) return null;
  return (
    <Suspense fallback={null}>
      <TextAdvertisementDialog content={content} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
