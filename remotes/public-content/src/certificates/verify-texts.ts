/** What /verify says; plain data, so the server bundle (server-render/) shows the same words. */
export const VERIFY_TEXTS = {
  title: '学时证明验证',
  genuine: '该学时证明真实有效',
  revoked: '该学时证明已被撤销，不再有效',
  unknown: '未查询到该编号的学时证明，请核对编号',
  badNumber: '证书编号格式不正确，请核对',
  failed: '查询失败，请稍后重试',
  loading: '正在查询…',
  prompt: '请输入学时证明上的证书编号，或扫描证明上的二维码',
} as const;
