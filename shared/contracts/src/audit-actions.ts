/**
 * Every action the audit trail records (issue 18), with its name in words. The server writes
 * only these names (`AuditEntry.action` is an `AuditAction`), and the console's audit page
 * shows and filters by these labels, so a new action cannot reach the page as a raw code.
 */
export const AUDIT_ACTION_LABELS = {
  'staff.login': '登录管理后台',
  'staff.logout': '退出管理后台',
  'staff.create': '新建工作人员账号',
  'staff.update': '修改工作人员账号',
  'staff.password-change': '修改本人密码',
  'staff.lock': '登录失败次数过多，锁定工作人员账号',
  'learner.create': '新建学员',
  'learner.reset-password': '重置学员密码',
  'learner.unlock': '解锁学员',
  'learner.disable': '停用学员',
  'learner.enable': '启用学员',
  'learner.end-sessions': '结束学员所有会话',
  'learner.import-check': '检查学员导入表格',
  'learner.import': '导入学员',
  'learner.reveal-personal': '查看学员完整身份证号或手机号',
  'learner.face-consent': '学员同意人脸信息处理规则',
  'learner.closure-ask': '学员申请注销账号',
  'learner.closure-withdraw': '学员撤回注销申请',
  'learner.closure-approve': '同意学员注销账号',
  'learner.closure-refuse': '不同意学员注销账号',
  'face.approve': '人脸照片审核通过',
  'face.reject': '人脸照片驳回',
  'face.lesson-fail': '课程人脸核验不通过',
  'face.retention-delete': '删除保存期满的人脸核验照片',
  'refund.approve': '退款审核通过',
  'refund.reject': '退款驳回',
  'refund.complete': '退款完成（向支付渠道再次确认）',
  'refund.outcome': '退款结果（支付渠道答复）',
  'invoice.issue': '开具发票',
  'invoice.reject': '发票申请驳回',
  'release.publish': '发布新版本',
  'release.pin': '固定版本',
  'release.rollback': '回滚版本',
  'release.canary': '开始灰度',
  'release.canary-end': '结束灰度',
  'release.promote': '灰度转正',
  'release.auto-rollback': '灰度自动回滚（失败率超过阈值）',
  'payment.late_refund': '迟到款项自动退款',
  'payment.late_refund_sent': '迟到款项退款已提交支付渠道',
  'payment.late_refund_failed': '迟到款项退款失败',
  'payment.refund_confirmed': '支付渠道确认退款',
  'payment.refund_failed': '支付渠道退款失败',
  'payment.reconcile': '支付对账',
  'payment.paid': '支付成功（支付渠道通知或查询）',
  'payment.failed': '支付失败（支付渠道通知）',
  'order.expire': '订单超时关闭',
  'payment.close': '关闭支付尝试',
  'report.export': '导出统计报表',
  'report.export-ready': '统计报表导出文件已生成',
  'report.download': '下载统计报表导出文件',
  'certificate.revoke': '撤销学时证明',
  'archive.pass': '学习档案审核通过',
  'archive.reject': '学习档案审核不通过',
  'course.teacher-avatar': '上传授课教师头像',
  'association.profile-update': '修改协会信息',
  'article.create': '新建文章',
  'article.update': '修改文章',
  'article.publish': '发布文章',
  'article.unpublish': '取消发布文章',
  'article.pin': '文章置顶设置',
  'article.delete': '删除文章',
  'content.upload': '上传图片或附件',
  'home.slides-update': '修改首页轮播图',
  'home.ads-update': '修改首页广告',
  'home.quick-links-update': '修改首页快捷入口',
  'question.import-check': '检查题库导入表格',
  'question.import': '导入题库题目',
  'question.create': '新增题目',
  'question.update': '修改题目',
  'question.delete': '删除题目',
  'question.retire': '停用题目（已用于试卷）',
  'course-year.create': '新建学习年度',
  'course-year.update': '修改学习年度',
  'course-year.open': '开放学习年度',
  'course.create': '新建课程',
  'course.update': '修改课程',
  'course.thumbnail': '上传课程封面',
  'course.lesson': '更新课时视频',
  'course.transcode-retry': '重新转码课时视频',
  'course.transcode-done': '课时视频转码完成（课时长度已更新）',
  'course.upload-start': '开始上传课时视频',
  'course.upload-discard': '丢弃课时视频上传',
  'course.upload-expire': '清除长时间无进展的课时视频上传',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, value);
}

/** The action in words; an unknown name (a record older than its label) as it is stored. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}
