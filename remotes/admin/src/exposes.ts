/**
 * What this remote exposes: the whole staff console as one module, mounted by the shell at
 * /admin/* (it routes its own pages below that path). A learner's page never loads it.
 */
export const EXPOSES = {
  './AdminApp': './src/app/admin-app.tsx',
} as const;

export const PAGE_TITLES: Record<keyof typeof EXPOSES, string> = {
  './AdminApp': '管理后台',
};
