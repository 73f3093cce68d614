import { useSearchParams } from '@yaoshi/ui/router';
import { SafeHtml } from '@yaoshi/ui/safe-html';
import { topicApiOf, useTopicPageQuery } from '../articles/article-api';
import { PageBreadcrumb } from '../layout/page-breadcrumb';
import { tokens } from '@yaoshi/ui/site-tokens';
import { usePublicTitle } from '../layout/public-title';

export const TOPIC_MISSING_TEXT = '页面不存在';
/** The breadcrumb's name for each topic, shown before its title arrives. */
export const TOPIC_NAMES = { education: '继续教育', credit: '学分查询', promote: '推广报名' } as const;

/** `/newDetail?api=education|credit|promote`: the topic's title and rich content. */
export default function TopicDetailPage() {
  const [params] = useSearchParams();
  const topic = topicApiOf(params.get('api'));
  const { data, isLoading, isError } = useTopicPageQuery(topic ?? 'education', { skip: topic === null });
  usePublicTitle(topic === null || isError ? TOPIC_MISSING_TEXT : data?.title);
  return (
    <div>
      <PageBreadcrumb trail={[{ label: topic ? TOPIC_NAMES[topic] : TOPIC_MISSING_TEXT }]} />
      <article
        style={{
          border: `1px solid ${tokens.colorBorderBox}`,
          borderRadius: 6,
          background: tokens.colorBgContainer,
          padding: '24px 32px',
        }}
      >
        {topic === null || isError ? (
          <p style={{ textAlign: 'center', color: tokens.colorTextDescription, margin: '48px 0' }}>
            {TOPIC_MISSING_TEXT}
          </p>
        ) : isLoading || !data ? (
          <p style={{ textAlign: 'center', color: tokens.colorTextDescription, margin: '48px 0' }} aria-busy="true">
            正在加载…
          </p>
        ) : (
          <>
            <h1 style={{ fontSize: 24, textAlign: 'center', margin: '0 0 20px' }}>{data.title}</h1>
            <SafeHtml html={data.content} label="正文" headingsBelow={1} />
          </>
        )}
      </article>
    </div>
  );
}
