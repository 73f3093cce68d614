import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /myCourseCopy: not built yet; says so instead of rendering nothing. */
export default function MakeUpStudyPage() {
  return <UnderConstruction title={PAGE_TITLES['./MyCourseCopy']} />;
}
