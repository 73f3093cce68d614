import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /notice: not built yet; says so instead of rendering nothing. */
export default function NoticePage() {
  return <UnderConstruction title={PAGE_TITLES['./Notice']} />;
}
