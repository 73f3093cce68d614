import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /newsList: not built yet; says so instead of rendering nothing. */
export default function NewsListPage() {
  return <UnderConstruction title={PAGE_TITLES['./NewsList']} />;
}
