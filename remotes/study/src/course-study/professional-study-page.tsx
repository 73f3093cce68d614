import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /myCourse: not built yet; says so instead of rendering nothing. */
export default function ProfessionalStudyPage() {
  return <UnderConstruction title={PAGE_TITLES['./MyCourse']} />;
}
