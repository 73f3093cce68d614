import { usePublicTitle } from '../layout/public-title';
import { PAGE_TITLES } from '../page-titles';
import { NoticeView } from './notice-view';

/** `/notice`: see notice-view.tsx (the server renders the same view). */
export default function NoticePage() {
  usePublicTitle(PAGE_TITLES['./Notice']);
  return <NoticeView />;
}
