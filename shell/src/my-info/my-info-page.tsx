import { UnderConstruction } from '@yaoshi/ui/under-construction';

/** /myInfo: a page of the account frame, kept by the shell; built with the login work. */
export function MyInfoPage() {
  return <UnderConstruction title="我的信息" />;
}
