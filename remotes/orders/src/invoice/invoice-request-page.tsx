import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /requestInvoice: not built yet; says so instead of rendering nothing. */
export default function InvoiceRequestPage() {
  return <UnderConstruction title={PAGE_TITLES['./RequestInvoice']} />;
}
