import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /examList: not built yet; says so instead of rendering nothing. */
export default function ExamListPage() {
  return <UnderConstruction title={PAGE_TITLES['./ExamList']} />;
}
