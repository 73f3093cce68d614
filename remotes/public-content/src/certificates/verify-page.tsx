import { useState } from 'react';
import { useSearchParams } from '@yaoshi/ui/router';
import { CERTIFICATE_NO_PATTERN } from '@yaoshi/contracts/certificate-rules';
import type { CertificateVerification } from '@yaoshi/contracts/certificates';
import { SectionBox } from '@yaoshi/ui/section-box';
import { VERIFY_BUTTON_STYLE } from '../layout/page-styles';
import { PageBreadcrumb } from '../layout/page-breadcrumb';
import { useCertificateVerifyQuery } from './verify-api';
import { tokens } from '@yaoshi/ui/site-tokens';
import { VERIFY_TEXTS } from './verify-texts';

const VERDICT_STYLE = {
  genuine: {
    background: tokens.colorSuccessBg,
    border: `1px solid ${tokens.colorSuccessBorder}`,
    color: tokens.green9,
  },
  revoked: { background: tokens.red1, border: `1px solid ${tokens.red3}`, color: tokens.red9 },
  unknown: {
    background: tokens.colorWarningBg,
    border: `1px solid ${tokens.colorWarningBorder}`,
    color: tokens.yellow10,
  },
} as const;

const normalized = (value: string) => value.trim().toUpperCase();
const TOO_MANY_REQUESTS = 429;

function Verdict({ result }: { result: CertificateVerification }) {
  const text = VERIFY_TEXTS[result.verdict];
  return (
    <section aria-label="验证结果" style={{ padding: '16px 20px', borderRadius: 6, ...VERDICT_STYLE[result.verdict] }}>
      <p style={{ fontSize: 20, fontWeight: 600, margin: '0 0 8px' }}>{text}</p>
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
        <dt>证书编号</dt>
        <dd style={{ margin: 0 }}>{result.certificate_no}</dd>
        {result.name_masked !== null && (
          <>
            <dt>姓名</dt>
            <dd style={{ margin: 0 }}>{result.name_masked}</dd>
          </>
        )}
        {result.year !== null && (
          <>
            <dt>学习年度</dt>
            <dd style={{ margin: 0 }}>{result.year}年度</dd>
          </>
        )}
        {result.class_hour !== null && (
          <>
            <dt>学时</dt>
            <dd style={{ margin: 0 }}>{result.class_hour.toFixed(1)}学时</dd>
          </>
        )}
        {result.issuer !== null && (
          <>
            <dt>发证单位</dt>
            <dd style={{ margin: 0 }}>{result.issuer}</dd>
          </>
        )}
        {result.issued_on !== null && (
          <>
            <dt>发证日期</dt>
            <dd style={{ margin: 0 }}>{result.issued_on}</dd>
          </>
        )}
        {result.revoked_on !== null && (
          <>
            <dt>撤销日期</dt>
            <dd style={{ margin: 0 }}>{result.revoked_on}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function VerifyResult({ no }: { no: string }) {
  const valid = CERTIFICATE_NO_PATTERN.test(no);
  const { data, isLoading, isFetching, isError, error } = useCertificateVerifyQuery({ no }, { skip: !valid });
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
              value={typed}
              maxLength={20}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') lookUp();
              }}
              placeholder="证书编号"
              style={{
                flex: 1,
                height: 36,
                padding: '0 12px',
                border: `1px solid ${tokens.colorBorder}`,
                borderRadius: 4,
              }}
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
