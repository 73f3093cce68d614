import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /mockExam: not built yet; says so instead of rendering nothing. */
export default function MockExamPage() {
  return <UnderConstruction title={PAGE_TITLES['./MockExam']} />;
}
