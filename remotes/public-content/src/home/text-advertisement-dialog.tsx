import { SafeHtml } from '@yaoshi/ui/safe-html';
import { SiteDialog } from '@yaoshi/ui/site-dialog';

/** 公告: the advertisement's HTML (sanitized) and 我知道了. */
export function TextAdvertisementDialog({ content, onClose }: { content: string; onClose: () => void }) {
  return (
    <SiteDialog title="公告" open okText="我知道了" onOk={onClose} onCancel={onClose}>
      <SafeHtml html={content} label="公告内容" />
    </SiteDialog>
  );
}
