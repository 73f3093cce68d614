import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /myOrder: not built yet; says so instead of rendering nothing. */
export default function MyOrdersPage() {
  return <UnderConstruction title={PAGE_TITLES['./MyOrder']} />;
}
