import { Outlet } from '@yaoshi/ui/router';
import { SiteFrame } from '@yaoshi/ui/site-frame';
import { useDocumentTitle } from './document-title';
import { SiteFooter } from './footer/site-footer';
import { SiteHeader } from './header/site-header';
import { SidePanel } from './side-panel/side-panel';
import { StagingBanner } from './staging-banner';

/** Every page: the staging banner (staging sites only), header and navigation, the route, footer. */
export function SiteLayout() {
  useDocumentTitle();
  return (
    <SiteFrame banner={<StagingBanner />} header={<SiteHeader />} footer={<SiteFooter />} sidePanel={<SidePanel />}>
      <Outlet />
    </SiteFrame>
  );
}
