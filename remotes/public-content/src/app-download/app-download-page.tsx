import { UnderConstruction } from '@yaoshi/ui/under-construction';
import { PAGE_TITLES } from '../exposes';

/** /downloadApp: not built yet; says so instead of rendering nothing. */
export default function AppDownloadPage() {
  return <UnderConstruction title={PAGE_TITLES['./DownloadApp']} />;
}
