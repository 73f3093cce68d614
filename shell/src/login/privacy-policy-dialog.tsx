import { api } from '@yaoshi/api-client/api';
import { AGREEMENT_NAME } from '@yaoshi/contracts/site-names';
import { SafeHtml } from '@yaoshi/ui/safe-html';
import { SiteDialog } from '@yaoshi/ui/site-dialog';
import { tokens } from '@yaoshi/ui/site-tokens';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';

const publicAgreementApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicAgreement: build.query<{ agreement: string }, void>({
      // accountEndpoints.publicAgreement (shared/contracts); its path is written out so this chunk needs no zod.
      query: () => ({ route: accountRoutes.publicAgreement }),
    }),
  }),
});

/** The agreement's one name (site-names.ts), which the login box's link and this dialog show. */
export const PRIVACY_POLICY_TITLE = AGREEMENT_NAME;

/**
 * The learner agreement and privacy policy for a visitor who has not logged in yet (the
 * login box asks them to agree to it). On the browser's own dialog, not antd's: it opens
 * from the home page, which renders without antd. Loaded only when the link is clicked.
 */
export function PrivacyPolicyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isLoading, isError } = publicAgreementApi.usePublicAgreementQuery(undefined, { skip: !open });
  return (
    <SiteDialog
      open={open}
      title={PRIVACY_POLICY_TITLE}
      okText="我知道了"
      onOk={onClose}
      onCancel={onClose}
      width={720}
    >
      <div style={{ maxHeight: '60vh', overflowY: 'auto' }}>
        {isLoading && <p style={{ color: tokens.colorTextDescription }}>加载中…</p>}
        {isError && <p style={{ color: tokens.colorTextDescription }}>协议内容暂时无法加载，请稍后重试。</p>}
        {data && <SafeHtml html={data.agreement} label="协议内容" />}
      </div>
    </SiteDialog>
  );
}
