/**
 * The pages the shell renders itself (its account pages, spec 01 §2: all behind login), as
 * plain data: site-routes.tsx gives each its component, and the shell's build writes their
 * paths into `shell-manifest.json` (rspack.config.ts), where the release registry reads
 * them — no remote may claim one, and a new shell may not take a path a live remote owns.
 * This module imports nothing, so the build configuration can read it.
 */
export const SHELL_PAGES = [
  { path: '/studentsNote', title: '学员须知', menuPath: '/studentsNote' },
  { path: '/myInfo', title: '个人信息', menuPath: '/myInfo' },
  { path: '/agreement', title: '协议与隐私政策', menuPath: '/agreement' },
  { path: '/assessment', title: '药师考核', menuPath: '/assessment' },
  { path: '/onlineTeaching' },
] as const satisfies readonly { path: string; title?: string; menuPath?: string }[];

export type ShellPagePath = (typeof SHELL_PAGES)[number]['path'];

export const SHELL_PAGE_PATHS: readonly string[] = SHELL_PAGES.map((page) => page.path);
