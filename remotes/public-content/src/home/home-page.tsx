import { Card, Col, Row } from 'antd';
import { Link } from 'react-router-dom';
import { ArticleTitleList } from '../articles/article-title-list';
import { CATEGORY_IDS, CATEGORY_NAMES, newsListHref } from '../articles/categories';
import { HOME_ASSOCIATION_NEWS_COUNT, HOME_TAB_GROUPS } from './home-layout';
import { useSiteSlots } from '@yaoshi/ui/site-slots';
import { LoginPanelPlaceholder } from './login-panel-placeholder';
import { Slideshow } from './slideshow';
import { MORE_LABEL, TabbedArticleLists } from './tabbed-article-lists';

/** `/`: slideshow, association news beside the login box, and the two tabbed lists. */
export default function HomePage() {
  // The login box belongs to the shell (one store, one session); it lends it through a slot.
  const { LoginPanel = LoginPanelPlaceholder } = useSiteSlots();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {/* The banners are drawn 1200 × 280: the full content width. */}
      <Slideshow />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={16}>
          <Card
            size="small"
            title={CATEGORY_NAMES[CATEGORY_IDS.associationNews]}
            extra={<Link to={newsListHref(CATEGORY_IDS.associationNews)}>{MORE_LABEL}</Link>}
            style={{ height: '100%' }}
          >
            <ArticleTitleList categoryId={CATEGORY_IDS.associationNews} count={HOME_ASSOCIATION_NEWS_COUNT} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <LoginPanel />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        {HOME_TAB_GROUPS.map((tabs) => (
          <Col xs={24} md={12} key={tabs.map((t) => t.categoryId).join('-')}>
            <TabbedArticleLists tabs={tabs} />
          </Col>
        ))}
      </Row>
    </div>
  );
}
