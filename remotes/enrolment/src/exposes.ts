import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

/** What this remote exposes: one module per route it owns, each a page component (default export). */
export const EXPOSES = {
  './SignStudy': './src/course-selection/professional-selection-page.tsx',
  './PublicSignStudy': './src/course-selection/public-selection-page.tsx',
  './Pay': './src/payment/payment-page.tsx',
} as const;

/** The Chinese name of each exposed page, as the shell's route table knows it. */
export const PAGE_TITLES: Record<keyof typeof EXPOSES, string> = {
  './SignStudy': STUDENT_PAGE_NAMES.signStudy,
  './PublicSignStudy': STUDENT_PAGE_NAMES.publicSignStudy,
  './Pay': STUDENT_PAGE_NAMES.pay,
};
