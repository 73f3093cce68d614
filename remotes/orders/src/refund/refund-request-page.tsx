import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /requestRefund: not built yet; says so instead of rendering nothing. */
export default function RefundRequestPage() {
  return <UnderConstruction title={PAGE_TITLES['./RequestRefund']} />;
}
