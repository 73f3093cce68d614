import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /faceCollection: not built yet; says so instead of rendering nothing. */
export default function FaceCollectionPage() {
  return <UnderConstruction title={PAGE_TITLES['./FaceCollection']} />;
}
