import { Outlet } from '@yaoshi/ui/router';
import { useDocumentTitle } from './document-title';
import { SiteFooter } from './footer/site-footer';
import { SiteHeader } from './header/site-header';
import { SidePanel } from './side-panel/side-panel';
import { StagingBanner } from './staging-banner';

/** Every page: the staging banner (staging sites only), header and navigation, the route, footer. */
export function SiteLayout() {
  useDocumentTitle();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <StagingBanner />
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so pages filling in (a remote
          loading, lists arriving) never push it across the screen (layout shift). */}
      <main
        style={{
          flex: 1,
          minHeight: '100vh',
          width: '100%',
          maxWidth: 1200,
          margin: '0 auto',
          padding: '16px 16px 0',
          boxSizing: 'border-box',
        }}
      >
        <Outlet />
      </main>
      <SiteFooter />
      <SidePanel />
    </div>
  );
}
