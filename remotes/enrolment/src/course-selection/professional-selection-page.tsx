import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /signStudy: not built yet; says so instead of rendering nothing. */
export default function ProfessionalSelectionPage() {
  return <UnderConstruction title={PAGE_TITLES['./SignStudy']} />;
}
