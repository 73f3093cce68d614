/** What this remote exposes: one module per route it owns, each a page component (default export). */
export const EXPOSES = {
  './SignStudy': './src/course-selection/professional-selection-page.tsx',
  './PublicSignStudy': './src/course-selection/public-selection-page.tsx',
  './Pay': './src/payment/payment-page.tsx',
} as const;
