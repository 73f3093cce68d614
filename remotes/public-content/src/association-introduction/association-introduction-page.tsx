import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /associationIntroduce: not built yet; says so instead of rendering nothing. */
export default function AssociationIntroductionPage() {
  return <UnderConstruction title={PAGE_TITLES['./AssociationIntroduce']} />;
}
