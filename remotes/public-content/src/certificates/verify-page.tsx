import { useState } from 'react';
import { useSearchParams } from '@yaoshi/ui/router';
import { CERTIFICATE_NO_PATTERN } from '@yaoshi/contracts/certificate-rules';
import { SectionBox } from '@yaoshi/ui/section-box';
import { VERIFY_BUTTON_STYLE, VERIFY_INPUT_STYLE } from '../layout/page-styles';
import { PageBreadcrumb } from '../layout/page-breadcrumb';
import { useCertificateVerifyQuery } from './verify-api';
import { tokens } from '@yaoshi/ui/site-tokens';
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
  if (!valid) return <p role="alert">{VERIFY_TEXTS.badNumber}</p>;
  if (isLoading || isFetching) return <p aria-busy="true">{VERIFY_TEXTS.loading}</p>;
  if (isError || !data) {
    // Too many checks from this network: the server's words say how long to wait.
    const refusal =
      error && 'kind' in error && error.kind === 'server' && error.code === TOO_MANY_REQUESTS ? error.message : '';
    return <p role="alert">{refusal || VERIFY_TEXTS.failed}</p>;
  }
  return <Verdict result={data} />;
}

/** `/verify?no=…` (issue 20): anyone checks a 学时证明 by its number; only the masked name is shown. */
export default function VerifyPage() {
  const [params, setParams] = useSearchParams();
  usePublicTitle(PAGE_TITLES['./Verify']);
  const no = normalized(params.get('no') ?? '');
  const [typed, setTyped] = useState(no);
  const lookUp = () => {
    if (normalized(typed)) setParams({ no: normalized(typed) });
  };
  return (
    <div>
      <PageBreadcrumb trail={[{ label: VERIFY_TEXTS.title }]} />
      <SectionBox title={VERIFY_TEXTS.title}>
        <div style={{ maxWidth: 640, margin: '16px auto 32px', display: 'grid', gap: 16 }}>
          <div style={{ display: 'flex', gap: 8 }} role="search">
            <input
              aria-label="证书编号"
              name="no"
              value={typed}
              maxLength={20}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') lookUp();
              }}
              placeholder="证书编号"
              style={VERIFY_INPUT_STYLE}
            />
            <button type="button" onClick={lookUp} style={VERIFY_BUTTON_STYLE}>
              验证
            </button>
          </div>
          {no ? <VerifyResult no={no} /> : <p style={{ color: tokens.colorTextDescription }}>{VERIFY_TEXTS.prompt}</p>}
        </div>
      </SectionBox>
    </div>
  );
}
