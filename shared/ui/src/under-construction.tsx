import { Result } from './site-result';
import { UNDER_CONSTRUCTION_TITLE, underConstructionText } from './message-texts';
import { tokens } from './site-tokens';

/**
 * The honest page of a route whose feature is not built yet: it names the page, so a
 * visitor (and a test) can tell the route resolved to the right place.
 */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <Result
      status="info"
      title={
        <>
          <span data-testid="page-title">{title}</span>
          <span style={{ marginLeft: 12, color: tokens.colorTextDescription }}>{UNDER_CONSTRUCTION_TITLE}</span>
        </>
      }
      subTitle={underConstructionText(title)}
    />
  );
}
