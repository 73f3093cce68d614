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
  './Verify': './src/certificates/verify-page.tsx',
} as const;
