import type { RemoteReleaseStatus, VersionHealth } from '@yaoshi/contracts/releases-admin';

/** What the 发布管理 page offers and says, as pure rules (the server decides again). */
export type ReleaseActionKind = 'pin' | 'rollback' | 'canary' | 'promote' | 'canary-end';

export const ACTION_BUTTON_LABELS: Readonly<Record<ReleaseActionKind, string>> = {
  pin: '固定版本',
  rollback: '回滚',
  canary: '灰度',
  promote: '转正',
  'canary-end': '结束灰度',
};

/** The history's actions in Chinese (the registry writes them in English). */
export const HISTORY_ACTION_LABELS: Readonly<Record<string, string>> = {
  pin: '固定版本',
  rollback: '回滚',
  canary: '开始灰度',
  promote: '灰度转正',
  'canary-end': '结束灰度',
  'auto-rollback': '自动回滚',
};

export function historyActionLabel(action: string): string {
  return HISTORY_ACTION_LABELS[action] ?? action;
}

/** Versions a pin or a canary may move to: every published one but the pinned, newest first. */
export function versionChoices(status: RemoteReleaseStatus): string[] {
  return status.versions.filter((version) => version !== status.pinned).reverse();
}

export function availableActions(status: RemoteReleaseStatus): ReleaseActionKind[] {
  const others = versionChoices(status).length > 0;
  const actions: ReleaseActionKind[] = [];
  if (others) actions.push('pin');
  // Back to an earlier pin only when the history has one (the server works it out: rollbackTo).
  if (status.rollbackTo !== null) actions.push('rollback');
  if (status.pinned !== null && others) actions.push('canary');
  if (status.canary !== null) actions.push('promote', 'canary-end');
  return actions;
}

/** "1.5%（3/200 次加载）"; "暂无加载" before any report. */
export function failureRateText(health: VersionHealth | undefined): string {
  if (!health || health.loads === 0) return '暂无加载';
  return `${(health.failureRate * 100).toFixed(1)}%（${health.failures}/${health.loads} 次加载）`;
}

export interface ActionValues {
  version?: string | undefined;
  percent?: number | undefined;
}

/** The question the confirmation asks, naming the remote and both versions. */
export function confirmQuestion(kind: ReleaseActionKind, status: RemoteReleaseStatus, values: ActionValues): string {
  const name = `「${status.section}」${status.remote}`;
  switch (kind) {
    case 'pin':
      return `确认将${name}从 ${status.pinned ?? '（未固定）'} 固定到 ${values.version ?? ''}？`;
    case 'rollback':
      return `确认将${name}从 ${status.pinned ?? '（未固定）'} 回滚到 ${status.rollbackTo ?? '上一个固定版本'}？`;
    case 'canary':
      return `确认让 ${values.percent ?? 0}% 的访客使用${name} ${values.version ?? ''}？`;
    case 'promote':
      return `确认将${name}的灰度版本 ${status.canary?.version ?? ''} 转为固定版本？`;
    case 'canary-end':
      return `确认结束${name}的灰度 ${status.canary?.version ?? ''}？所有访客将回到固定版本 ${status.pinned ?? ''}。`;
  }
}
