import { SafeHtml } from '@yaoshi/ui/safe-html';
import type { TopicApi } from '../articles/article-api';
import { ARTICLE_BOX_STYLE } from '../layout/page-styles';
import { PageStateText } from '../layout/page-state-text';
import { PageBreadcrumb } from '../layout/page-breadcrumb';

export const TOPIC_MISSING_TEXT = '页面不存在';
/** The breadcrumb's name for each topic, shown before its title arrives. */
export const TOPIC_NAMES = { education: '继续教育', credit: '学分查询', promote: '推广报名' } as const;

/** What a topic page shows: its title and content, its loading state, or that it is missing. */
export type TopicShown = { kind: 'topic'; title: string; content: string } | { kind: 'loading' } | { kind: 'missing' };

/**
 * A topic page (`/newDetail?api=…`): breadcrumb with the topic's name, the title and the rich
 * content in the article box. Drawn by the browser's page and by the server render.
 */
export function TopicView({ topic, shown }: { topic: TopicApi | null; shown: TopicShown }) {
  return (
    <div>
      <PageBreadcrumb trail={[{ label: topic ? TOPIC_NAMES[topic] : TOPIC_MISSING_TEXT }]} />
      <article style={ARTICLE_BOX_STYLE}>
        {shown.kind === 'missing' ? (
          <PageStateText>{TOPIC_MISSING_TEXT}</PageStateText>
        ) : shown.kind === 'loading' ? (
          <PageStateText busy>正在加载…</PageStateText>
        ) : (
          <>
            <h1 style={{ fontSize: 24, textAlign: 'center', margin: '0 0 20px' }}>{shown.title}</h1>
            <SafeHtml html={shown.content} label="正文" headingsBelow={1} />
          </>
        )}
      </article>
    </div>
  );
}
