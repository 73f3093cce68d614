import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /contactUs: not built yet; says so instead of rendering nothing. */
export default function ContactPage() {
  return <UnderConstruction title={PAGE_TITLES['./ContactUs']} />;
}
