import { UnderConstruction } from '@yaoshi/ui/under-construction';

/** /studentsNote: a page of the account frame, kept by the shell; built with the login work. */
export function StudentsNotePage() {
  return <UnderConstruction title="学员须知" />;
}
