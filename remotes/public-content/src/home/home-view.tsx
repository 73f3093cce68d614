import type { ReactNode, RefObject } from 'react';
import { Link } from '@yaoshi/ui/router';
import { CATEGORY_IDS, CATEGORY_NAMES, newsListHref } from '../articles/categories';
import { SectionBox } from '@yaoshi/ui/section-box';
import { HOME_ASSOCIATION_NEWS_COUNT, HOME_TAB_GROUPS } from './home-layout';
import { MORE_LABEL, TabbedArticleLists } from './tabbed-article-lists';

const twoColumns = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 380px), 1fr))',
  gap: 16,
} as const;

/**
 * The home page's layout around its parts: the browser's page passes its live parts, the
 * server rendering (server-render/render.tsx) the same parts drawn from the data it read.
 */
export function HomeView({
  slideshowRef,
  slideshow,
  listOf,
  loginPanel,
  quickLinks,
  banner,
  children,
}: {
  slideshowRef?: RefObject<HTMLDivElement | null>;
  slideshow: ReactNode;
  /** The first `count` titles of a category. */
  listOf: (categoryId: number, count: number) => ReactNode;
  loginPanel: ReactNode;
  quickLinks: ReactNode;
  banner: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <h1 style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>首页</h1>
      {/* The banners are drawn 1200 × 280: the full content width. */}
      <div ref={slideshowRef}>{slideshow}</div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        <SectionBox
          title={CATEGORY_NAMES[CATEGORY_IDS.associationNews]}
          extra={<Link to={newsListHref(CATEGORY_IDS.associationNews)}>{MORE_LABEL}</Link>}
          style={{ flex: '2 1 480px', minWidth: 0 }}
        >
          {listOf(CATEGORY_IDS.associationNews, HOME_ASSOCIATION_NEWS_COUNT)}
        </SectionBox>
        <div style={{ flex: '1 1 300px' }}>{loginPanel}</div>
      </div>
      {quickLinks}
      {banner}
      <div style={twoColumns}>
        {HOME_TAB_GROUPS.map((tabs) => (
          <TabbedArticleLists key={tabs.map((t) => t.categoryId).join('-')} tabs={tabs} listOf={listOf} />
        ))}
      </div>
      {children}
    </div>
  );
}
