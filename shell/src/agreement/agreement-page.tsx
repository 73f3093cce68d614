import { UnderConstruction } from '@yaoshi/ui/under-construction';

/** /agreement: a page of the account frame, kept by the shell; built with the login work. */
export function AgreementPage() {
  return <UnderConstruction title="服务协议" />;
}
