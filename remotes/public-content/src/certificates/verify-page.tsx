import { useState } from 'react';
import { useSearchParams } from '@yaoshi/ui/router';
import { CERTIFICATE_NO_PATTERN } from '@yaoshi/contracts/certificate-rules';
import { useCertificateVerifyQuery } from './verify-api';
import { VerifyBadNumber, VerifyLooking, VerifyPrompt, VerifyView } from './verify-view';
import { VERIFY_TEXTS } from './verify-texts';
import { Verdict } from './verdict';
import { serverAnswerFor } from './server-answer';
import { usePublicTitle } from '../layout/public-title';
import { PAGE_TITLES } from '../page-titles';

const normalized = (value: string) => value.trim().toUpperCase();
const TOO_MANY_REQUESTS = 429;

function VerifyResult({ no }: { no: string }) {
  const valid = CERTIFICATE_NO_PATTERN.test(no);
  // The server's answer for this number, when the page came server-rendered with it: not asked again.
  const fromServer = serverAnswerFor(no);
  const query = useCertificateVerifyQuery({ no }, { skip: !valid || fromServer !== undefined });
  if (fromServer) return <Verdict result={fromServer} />;
  const { data, isLoading, isFetching, isError, error } = query;
  if (!valid) return <VerifyBadNumber />;
  if (isLoading || isFetching) return <VerifyLooking />;
  if (isError || !data) {
    // Too many checks from this network: the server's words say how long to wait.
    const refusal =
      error && 'kind' in error && error.kind === 'server' && error.code === TOO_MANY_REQUESTS ? error.message : '';
    return <p role="alert">{refusal || VERIFY_TEXTS.failed}</p>;
  }
  return <Verdict result={data} />;
}

/**
 * `/verify?no=…` (issue 20): anyone checks a 学时证明 by its number; only the masked name is
 * shown. The markup is VerifyView's, which the server renders too.
 */
export default function VerifyPage() {
  const [params, setParams] = useSearchParams();
  usePublicTitle(PAGE_TITLES['./Verify']);
  const no = normalized(params.get('no') ?? '');
  const [typed, setTyped] = useState(no);
  const lookUp = () => {
    if (normalized(typed)) setParams({ no: normalized(typed) });
  };
  return (
    <VerifyView
      typed={typed}
      onType={setTyped}
      onLookUp={lookUp}
      answer={no ? <VerifyResult no={no} /> : <VerifyPrompt />}
    />
  );
}
