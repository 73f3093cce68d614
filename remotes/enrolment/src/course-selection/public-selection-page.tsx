import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /publicSignStudy: not built yet; says so instead of rendering nothing. */
export default function PublicSelectionPage() {
  return <UnderConstruction title={PAGE_TITLES['./PublicSignStudy']} />;
}
