import { useSearchParams } from '@yaoshi/ui/router';
import { topicApiOf, useTopicPageQuery } from '../articles/article-api';
import { TOPIC_MISSING_TEXT, TopicView, type TopicShown } from './topic-view';
import { usePublicTitle } from '../layout/public-title';

/** `/newDetail?api=education|credit|promote`: the topic's title and rich content (TopicView, also the server's). */
export default function TopicDetailPage() {
  const [params] = useSearchParams();
  const topic = topicApiOf(params.get('api'));
  const { data, isLoading, isError } = useTopicPageQuery(topic ?? 'education', { skip: topic === null });
  usePublicTitle(topic === null || isError ? TOPIC_MISSING_TEXT : data?.title);
  const shown: TopicShown =
    topic === null || isError
      ? { kind: 'missing' }
      : isLoading || !data
        ? { kind: 'loading' }
        : { kind: 'topic', title: data.title, content: data.content };
  return <TopicView topic={topic} shown={shown} />;
}
