import { useEffect, useState } from 'react';
import { Modal } from 'antd';
import { SafeHtml } from '@yaoshi/ui/safe-html';
import { useAdvertisementsQuery } from '../articles/article-api';
import { markTextAdShown, shouldShowTextAd } from './advertisement-rules';

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

  return (
    <Modal title="公告" open={open && Boolean(content)} onCancel={() => setOpen(false)} onOk={() => setOpen(false)} okText="我知道了" cancelButtonProps={{ style: { display: 'none' } }}>
      <SafeHtml html={content ?? ''} label="公告内容" />
    </Modal>
  );
}
