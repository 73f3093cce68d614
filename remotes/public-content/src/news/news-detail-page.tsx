import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /associationNewsDetail: not built yet; says so instead of rendering nothing. */
export default function NewsDetailPage() {
  return <UnderConstruction title={PAGE_TITLES['./AssociationNewsDetail']} />;
}
