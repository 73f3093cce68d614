import { useState } from 'react';
import { Card } from 'antd';
import { Link } from 'react-router-dom';
import { ArticleTitleList } from '../articles/article-title-list';
import { newsListHref } from '../articles/categories';
import { HOME_TAB_LIST_COUNT, type HomeTab } from './home-layout';

export const MORE_LABEL = '更多';

/** One card with a tab per category; 更多 goes to the list of the tab that is showing. */
export function TabbedArticleLists({ tabs }: { tabs: readonly HomeTab[] }) {
  const [activeId, setActiveId] = useState(tabs[0]?.categoryId ?? 0);
  return (
    <Card
      size="small"
      tabList={tabs.map((t) => ({ key: String(t.categoryId), label: t.label }))}
      activeTabKey={String(activeId)}
      onTabChange={(key) => setActiveId(Number(key))}
      tabBarExtraContent={<Link to={newsListHref(activeId)}>{MORE_LABEL}</Link>}
    >
      <ArticleTitleList key={activeId} categoryId={activeId} count={HOME_TAB_LIST_COUNT} />
    </Card>
  );
}
