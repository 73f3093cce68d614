/**
 * The remotes the shell knows by name: their key in remotes.json, the federation name
 * their build uses, and the Chinese name of their section for failure messages. Where a
 * remote lives (version, entry URL) is never here: that comes from the pins at run time.
 */
export const REMOTE_CATALOG = {
  'public-content': { federationName: 'public_content', section: '协会资讯' },
  enrolment: { federationName: 'enrolment', section: '选课报名' },
  study: { federationName: 'study', section: '在线学习' },
  orders: { federationName: 'orders', section: '订单管理' },
  admin: { federationName: 'admin', section: '管理后台' },
} as const;

export type RemoteKey = keyof typeof REMOTE_CATALOG;

export const REMOTE_KEYS = Object.keys(REMOTE_CATALOG) as RemoteKey[];

export function sectionOf(remote: RemoteKey): string {
  return REMOTE_CATALOG[remote].section;
}

/** `study` from a runtime id such as `study/MyCourse`, if it names one of ours. */
export function remoteKeyOfFederationName(federationName: string): RemoteKey | undefined {
  return REMOTE_KEYS.find((key) => REMOTE_CATALOG[key].federationName === federationName);
}
