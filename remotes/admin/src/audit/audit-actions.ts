/** The audit trail's action names in words (the server stores the stable names). */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'staff.login': '登录管理后台',
  'staff.logout': '退出管理后台',
  'staff.create': '新建工作人员账号',
  'staff.update': '修改工作人员账号',
  'learner.create': '新建学员',
  'learner.reset-password': '重置学员密码',
  'learner.unlock': '解锁学员',
  'learner.disable': '停用学员',
  'learner.enable': '启用学员',
  'learner.end-sessions': '结束学员所有会话',
  'face.approve': '人脸照片审核通过',
  'face.reject': '人脸照片驳回',
  'face.lesson-fail': '课程人脸核验不通过',
  'learner.import-check': '检查学员导入表格',
  'learner.import': '导入学员',
  'refund.approve': '退款审核通过',
  'refund.reject': '退款驳回',
  'invoice.issue': '开具发票',
  'invoice.reject': '发票申请驳回',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** before → after as one line of text, for the table and the CSV. */
export function changeText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
