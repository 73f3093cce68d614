import { UnderConstruction } from '@yaoshi/ui/under-construction';

/** /onlineTeaching: a page of the account frame, kept by the shell; built with the login work. */
export function OnlineTeachingPage() {
  return <UnderConstruction title="在线授课" />;
}
