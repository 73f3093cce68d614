/**
 * The pages the shell renders itself (its account pages, spec 01 §2: all behind login), as
 * plain data: site-routes.tsx gives each its component, and the shell's build writes their
 * paths into `shell-manifest.json` (rspack.config.ts), where the release registry reads
 * them — no remote may claim one, and a new shell may not take a path a live remote owns.
 * It imports only the names module (itself free of imports), so the build configuration can read it.
 */
import { STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

export const SHELL_PAGES = [
  { path: '/studentsNote', title: STUDENT_PAGE_NAMES.studentsNote, menuPath: '/studentsNote' },
  { path: '/myInfo', title: '个人信息', menuPath: '/myInfo' },
  { path: '/agreement', title: STUDENT_PAGE_NAMES.agreement, menuPath: '/agreement' },
  { path: '/assessment', title: STUDENT_PAGE_NAMES.assessment, menuPath: '/assessment' },
  { path: '/onlineTeaching' },
] as const satisfies readonly { path: string; title?: string; menuPath?: string }[];

export type ShellPagePath = (typeof SHELL_PAGES)[number]['path'];

export const SHELL_PAGE_PATHS: readonly string[] = SHELL_PAGES.map((page) => page.path);
