import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /pay: not built yet; says so instead of rendering nothing. */
export default function PaymentPage() {
  return <UnderConstruction title={PAGE_TITLES['./Pay']} />;
}
