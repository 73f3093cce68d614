import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /publicCourse: not built yet; says so instead of rendering nothing. */
export default function PublicStudyPage() {
  return <UnderConstruction title={PAGE_TITLES['./PublicCourse']} />;
}
