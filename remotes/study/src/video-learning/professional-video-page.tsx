import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /videoLearning: not built yet; says so instead of rendering nothing. */
export default function ProfessionalVideoPage() {
  return <UnderConstruction title={PAGE_TITLES['./VideoLearning']} />;
}
