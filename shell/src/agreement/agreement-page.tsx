import { Skeleton } from 'antd';
import { Title } from '@yaoshi/ui/typography';
import { api } from '@yaoshi/api-client/api';
import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';
import { SafeHtml } from '@yaoshi/ui/safe-html';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';

const agreementApi = api.injectEndpoints({
  endpoints: (build) => ({
    agreement: build.query<{ agreement: string }, void>({
      query: () => ({ route: accountRoutes.agreement }),
    }),
  }),
});

/** /agreement (spec 02): the agreement and privacy policy, server HTML sanitized. */
export function AgreementPage() {
  const { data, isLoading } = agreementApi.useAgreementQuery();
  if (isLoading) return <Skeleton active />;
  return (
    <article>
      <Title level={3}>{STUDENT_PAGE_NAMES.agreement}</Title>
      <SafeHtml html={data?.agreement ?? ''} label="协议内容" />
    </article>
  );
}
