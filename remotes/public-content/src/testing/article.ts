import type { ArticleViewData } from '@yaoshi/ui/article-view';

/** Tests only: an article as the API gives it (the server's facts are its answer), id 7 in category 1. */
export const TEST_ARTICLE: ArticleViewData & { id: number; catid: number } = {
  id: 7,
  title: '关于开展2025年度继续教育的通知',
  catid: 1,
  post_author: '协会秘书处',
  post_source: '本站',
  post_hits: 12,
  published_time: '2025-06-16 10:00:00',
  content: '<p>各会员单位：现将有关事项通知如下。</p><p>第二段。</p>',
  attachments: [],
};
