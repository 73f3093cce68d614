import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /newDetail: not built yet; says so instead of rendering nothing. */
export default function TopicDetailPage() {
  return <UnderConstruction title={PAGE_TITLES['./NewDetail']} />;
}
