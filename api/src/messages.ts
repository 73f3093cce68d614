/**
 * Every text the API sends to a client, in Chinese, in one place. The browser shows
 * `message` as is (spec 01 §8), so these are written for the person in front of it.
 */
export const MESSAGES = {
  success: '成功',

  // The envelope (spec 01 §7): signature, replay and payload format.
  signatureInvalid: '签名校验失败',
  signatureMissing: '请求未签名，请刷新页面后重试',
  unknownApp: '未知的应用标识',
  requestExpired: '请求已过期，请校准设备时间后重试',
  requestReplayed: '请求重复，请刷新后重试',
  payloadMalformed: '请求参数格式错误',
  payloadInvalid: (field: string) => `请求参数不合法：${field}`,
  payloadTooLarge: '请求内容过大',
  unsupportedContentType: '不支持的请求内容类型',
  badRequest: '请求无效',

  // Authentication hook point; issue 3 fills in the token check.
  loginRequired: '请先登录',

  notFound: '接口不存在',
  articleNotFound: '文章不存在',
  pageNotFound: '页面不存在',
  fileNotFound: '文件不存在',
  siteNotConfigured: '站点信息尚未配置',

  internalError: '服务器开小差了，请稍后重试',
} as const;
