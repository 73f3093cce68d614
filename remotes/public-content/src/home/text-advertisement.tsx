import { Suspense, lazy, useEffect, useState } from 'react';
import { useAdvertisementsQuery } from '../articles/article-api';
import { markTextAdShown, shouldShowTextAd } from './advertisement-rules';

// Server HTML needs DOMPurify (SafeHtml): downloaded only in a browser session that has not
// seen the advertisement yet, where it is about to be shown.
const loadDialog = () => import('./text-advertisement-dialog').then((m) => ({ default: m.TextAdvertisementDialog }));
const TextAdvertisementDialog = lazy(loadDialog);

/** The text advertisement dialog: once per browser session (spec 01 §4). */
export function TextAdvertisement() {
  const { data } = useAdvertisementsQuery();
  const content = data?.textAdv?.content;
  const [open, setOpen] = useState(false);

  // Due this session: fetch the dialog's code alongside the advertisement, not after it.
  useEffect(() => {
    if (shouldShowTextAd(sessionStorage)) void loadDialog().catch(() => undefined);
  }, []);

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
