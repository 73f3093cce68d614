import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';
import type { EXPOSES } from './exposes';

/**
 * The Chinese name of each exposed page, as the shell's route table knows it; the pages
 * use it for their headings (a page never imports `exposes.ts`, the composition root).
 */
export const PAGE_TITLES: Record<keyof typeof EXPOSES, string> = {
  './SignStudy': STUDENT_PAGE_NAMES.signStudy,
  './PublicSignStudy': STUDENT_PAGE_NAMES.publicSignStudy,
  './Pay': STUDENT_PAGE_NAMES.pay,
};
