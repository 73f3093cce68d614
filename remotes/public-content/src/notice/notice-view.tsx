import { PageBreadcrumb } from '../layout/page-breadcrumb';
import { SectionBox } from '@yaoshi/ui/section-box';
import { tokens } from '@yaoshi/ui/site-tokens';

/** `/notice`: a public route whose content the spec leaves empty (spec 01 §2). */
export function NoticeView() {
  return (
    <div>
      <PageBreadcrumb trail={[{ label: '通知公告' }]} />
      <SectionBox title={<span>通知公告</span>}>
        <p style={{ textAlign: 'center', color: tokens.colorTextDescription, margin: '48px 0' }}>暂无通知公告</p>
      </SectionBox>
    </div>
  );
}
