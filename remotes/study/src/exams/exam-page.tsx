import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /exam: not built yet; says so instead of rendering nothing. */
export default function ExamPage() {
  return <UnderConstruction title={PAGE_TITLES['./Exam']} />;
}
