import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /publicVideoLearning: not built yet; says so instead of rendering nothing. */
export default function PublicVideoPage() {
  return <UnderConstruction title={PAGE_TITLES['./PublicVideoLearning']} />;
}
