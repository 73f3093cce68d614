import { Alert, Button } from 'antd';
import { ARCHIVE_REVIEW_MESSAGES } from '@yaoshi/contracts/archive-review-rules';
import { PDF_TYPE, downloadBase64 } from '@yaoshi/ui/download';
import { useCertificateStatusQuery, useLazyCertificatePdfQuery } from './certificate-api';

export const CERTIFICATE_TEXTS = {
  download: '下载学时证明',
  downloading: '正在生成学时证明…',
  revoked: '您本年度的学时证明已被撤销，如有疑问请联系协会',
  loadFailed: '学时证明状态加载失败，请刷新重试',
} as const;

/**
 * The /myCourse 下载学时证明 button (issue 20): shown when the server says the year is
 * complete and its archive review (档案审核) passed; while the review is pending, when it
 * failed, or when the certificate was revoked, a notice says so instead. Asked only for a list whose courses are
 * all finished (`enabled`), so other years cost no call.
 */
export function CertificateDownload({ year, enabled }: { year: number; enabled: boolean }) {
  const status = useCertificateStatusQuery({ year }, { skip: !enabled, refetchOnMountOrArgChange: true });
  const [fetchPdf, pdf] = useLazyCertificatePdfQuery();
  if (!enabled || status.isLoading) return null;
  if (status.isError) return <Alert type="error" showIcon title={CERTIFICATE_TEXTS.loadFailed} />;
  if (!status.data) return null;
  const { revoked, available, review, review_due_on, review_reason } = status.data;
  if (revoked === 1) return <Alert type="warning" showIcon title={CERTIFICATE_TEXTS.revoked} />;
  if (review === 'pending' && review_due_on !== null)
    return <Alert type="info" showIcon title={ARCHIVE_REVIEW_MESSAGES.pendingForLearner(review_due_on)} />;
  if (review === 'rejected' && review_reason !== null)
    return <Alert type="error" showIcon title={ARCHIVE_REVIEW_MESSAGES.rejectedForLearner(review_reason)} />;
  if (available !== 1) return null;

  const download = async () => {
    try {
      const { file_name, pdf_base64 } = await fetchPdf({ year }).unwrap();
      downloadBase64(file_name, pdf_base64, PDF_TYPE);
    } catch {
      // the error catalogue has shown the server's reason
    }
  };
  return (
    <div>
      <Button type="primary" loading={pdf.isFetching} onClick={() => void download()}>
        {pdf.isFetching ? CERTIFICATE_TEXTS.downloading : CERTIFICATE_TEXTS.download}
      </Button>
    </div>
  );
}
