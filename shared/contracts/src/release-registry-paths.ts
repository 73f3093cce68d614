/**
 * The release registry's paths (`npm run release`, the build guard, and the shell's load
 * reports). They are plain HTTP, not signed envelope endpoints: each publishing or moving call
 * carries a release-manager token, and the reports an anonymous browser id. Written here once,
 * like every other `/v1/` path (route.ts).
 */
export const RELEASE_REGISTRY_PATHS = {
  publish: '/v1/releases/publish/:remote',
  pin: '/v1/releases/pin',
  rollback: '/v1/releases/rollback',
  canary: '/v1/releases/canary',
  canaryEnd: '/v1/releases/canary/end',
  promote: '/v1/releases/promote',
  override: '/v1/releases/override',
  status: '/v1/releases/status',
  history: '/v1/releases/history',
  checkShell: '/v1/releases/check-shell',
  reports: '/v1/releases/reports',
} as const;

/** Every release registry path starts with this. */
export const RELEASE_REGISTRY_PREFIX = '/v1/releases/';
