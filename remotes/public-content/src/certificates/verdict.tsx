import type { CertificateVerification } from '@yaoshi/contracts/certificates';
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

/** A lookup's answer, as /verify shows it and the server renders it (only the masked name). */
export function Verdict({ result }: { result: CertificateVerification }) {
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
