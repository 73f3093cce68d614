import { useRef } from 'react';
import { useSiteSlots } from '@yaoshi/ui/site-slots';
import { ArticleTitleList } from '../articles/article-title-list';
import { EducationBanner } from './education-banner';
import { FloatingAdvertisement } from './floating-advertisement';
import { HomeView } from './home-view';
import { LoginPanelPlaceholder } from './login-panel-placeholder';
import { QuickLinks } from './quick-links';
import { Slideshow } from './slideshow';
import { TextAdvertisement } from './text-advertisement';

/** `/`: slideshow, association news beside the login box, quick links, the banner, the two tabbed lists. */
export default function HomePage() {
  // The login box belongs to the shell (one store, one session); it lends it through a slot.
  const { LoginPanel = LoginPanelPlaceholder } = useSiteSlots();
  const slideshow = useRef<HTMLDivElement>(null);
  return (
    <HomeView
      slideshowRef={slideshow}
      slideshow={<Slideshow />}
      listOf={(categoryId, count) => <ArticleTitleList key={categoryId} categoryId={categoryId} count={count} />}
      loginPanel={<LoginPanel />}
      quickLinks={<QuickLinks />}
      banner={<EducationBanner />}
    >
      <TextAdvertisement />
      <FloatingAdvertisement startOn={slideshow} />
    </HomeView>
  );
}
