/**
 * Every message text the site shows (spec 01 §8 and the remote-loading failures), in one
 * place, in Chinese as the spec gives it.
 */
export const MESSAGE_TEXTS = {
  /** 401 from any call: shown as an error, then logout and back to `/`. */
  pleaseLogIn: '请先登录',
  /** After a login whose password 学员管理 reset (issue 18): on to 修改密码. */
  mustChangePassword: '您的密码已由协会重置，请先设置新密码',
  /** A request timeout, as the error catalogue replaces it. */
  requestTimedOut: '网络连接超时，请刷新重试',
  /** A timeout text reaching the message helper. */
  connectionTimedOut: '连接超时，请检查网络',
  loggedOut: '已退出登录',
  /** spec 01 §6: a guarded screen asked for from face collection before login. */
  uploadFaceFirst: '请先上传人脸采集',
  /** spec 01 §4 "Save feedback". */
  /** Password changed, on the profile page and in the forgot-password dialog. */
  /** spec 02 face collection. */
  uploadSuccess: '上传成功',
  cameraDisabled: '您的摄像头已被禁用',
  /** spec 02 §4: the face-photo dialog's warning. */
  faceStudyWarning: '温馨提示：人脸采集后不足1分钟即开始学习的，可能被视为作弊行为。',
} as const;

/** An answer that is not `{ code, message, data }` (a proxy's 502 page, say). */
export function httpFailureText(status: number): string {
  return `服务暂时不可用（HTTP ${status}），请稍后重试`;
}

/** Chinese name of each remote's section, used in its failure message. */
export function remoteUnavailableText(sectionName: string): string {
  return `「${sectionName}」模块暂时无法加载，请检查网络后重试`;
}

export const REMOTE_RETRY_LABEL = '重试';

export function underConstructionText(pageTitle: string): string {
  return `「${pageTitle}」页面正在建设中，敬请期待。`;
}

export const UNDER_CONSTRUCTION_TITLE = '建设中';

/** The pins document itself could not be read: every remote route shows its own message. */
export const PINS_UNAVAILABLE_TEXT = '模块清单加载失败';

export const EMPTY_LIST_TEXT = '暂无数据';
