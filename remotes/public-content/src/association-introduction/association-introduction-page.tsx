import { useAssociationIntroductionQuery } from './association-introduction-api';
import { AssociationIntroductionView } from './association-introduction-view';
import { usePublicTitle } from '../layout/public-title';
import { PAGE_TITLES } from '../page-titles';

export {
  CHARTER_LABEL,
  INTRODUCTION_EMPTY_TEXT,
  INTRODUCTION_ERROR_TEXT,
  chapterAnchor,
} from './association-introduction-view';

/**
 * `/associationIntroduce`: the association's introduction chapters and its charter, from its
 * profile (issue 20), with a table of contents. The HTML is sanitized before it is shown.
 */
export default function AssociationIntroductionPage() {
  const { data, isLoading, isError } = useAssociationIntroductionQuery();
  usePublicTitle(PAGE_TITLES['./AssociationIntroduce']);
  return <AssociationIntroductionView data={data} isLoading={isLoading} isError={isError} />;
}
