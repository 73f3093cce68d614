/** What this remote exposes: one module per route it owns, each a page component (default export). */
export const EXPOSES = {
  './Home': './src/home/home-page.tsx',
  './NewsList': './src/news/news-list-page.tsx',
  './AssociationNewsDetail': './src/news/news-detail-page.tsx',
  './NewDetail': './src/topic-detail/topic-detail-page.tsx',
  './AssociationIntroduce': './src/association-introduction/association-introduction-page.tsx',
  './ContactUs': './src/contact/contact-page.tsx',
  './Notice': './src/notice/notice-page.tsx',
  './DownloadApp': './src/app-download/app-download-page.tsx',
} as const;

/** The Chinese name of each exposed page, as the shell's route table knows it. */
export const PAGE_TITLES: Record<keyof typeof EXPOSES, string> = {
  './Home': '首页',
  './NewsList': '资讯列表',
  './AssociationNewsDetail': '新闻详情',
  './NewDetail': '专题详情',
  './AssociationIntroduce': '协会简介',
  './ContactUs': '联系我们',
  './Notice': '通知公告',
  './DownloadApp': '下载APP',
};
