import { UnderConstruction } from '@yaoshi/ui/under-construction';

/** /assessment: a page of the account frame, kept by the shell; built with the login work. */
export function AssessmentPage() {
  return <UnderConstruction title="药师考核" />;
}
