import { defineRoutes } from '../route';

/** Method, path and access of each call in `releases-admin.ts`, without schemas: what the browser sends by. */
export const releaseAdminRoutes = defineRoutes({
  // 只读审计 reads what 发布管理 moves: the status and the history.
  status: { method: 'GET', path: '/v1/admin/releases/status', auth: 'staff', permission: 'releases.read' },
  history: { method: 'GET', path: '/v1/admin/releases/history', auth: 'staff', permission: 'releases.read' },
  pin: { method: 'POST', path: '/v1/admin/releases/pin', auth: 'staff', permission: 'releases.manage' },
  rollback: { method: 'POST', path: '/v1/admin/releases/rollback', auth: 'staff', permission: 'releases.manage' },
  canary: { method: 'POST', path: '/v1/admin/releases/canary', auth: 'staff', permission: 'releases.manage' },
  promote: { method: 'POST', path: '/v1/admin/releases/promote', auth: 'staff', permission: 'releases.manage' },
  canaryEnd: { method: 'POST', path: '/v1/admin/releases/canary_end', auth: 'staff', permission: 'releases.manage' },
});
