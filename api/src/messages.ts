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
  headersTooLarge: '请求头过大',

  // Accounts (spec 01 §4). Form-field texts live in @yaoshi/contracts/account-messages.
  loginRequired: '请先登录',
  /** One text for an unknown account and a wrong password: it must not tell which. */
  wrongCredentials: '账号或密码错误',
  passwordLoginLocked: (minutes: number) => `密码错误次数过多，请${minutes}分钟后再试，或使用验证码登录`,
  codeWrong: '验证码错误或已过期，请重新输入',
  codeTooManyTries: '验证码错误次数过多，请重新获取',
  phoneNotLinked: '该手机号未绑定学员账号，请使用身份证号登录或联系协会',
  forgotDetailsMismatch: '身份证号与手机号不匹配',
  codeSentTooSoon: (seconds: number) => `验证码发送过于频繁，请${seconds}秒后再试`,
  codeHourlyLimit: '该手机号本小时获取验证码次数已达上限，请稍后再试',
  codeDailyLimit: '该手机号今日获取验证码次数已达上限，请明天再试',
  codeIpLimit: '当前网络获取验证码过于频繁，请稍后再试',
  loginIpLimit: (minutes: number) => `当前网络登录尝试过于频繁，请${minutes}分钟后再试`,
  forgotIpLimit: (minutes: number) => `当前网络找回密码过于频繁，请${minutes}分钟后再试`,
  loginBusy: '登录人数较多，请稍后重试',
  faceUploadHourlyLimit: (minutes: number) => `本小时上传照片次数已达上限，请${minutes}分钟后再试`,
  courseAlreadyOwned: (names: string) => `您已购买课程：${names}，无需重复支付`,
  smsText: (code: string, minutes: number) =>
    `【江苏省药师协会】您的验证码是${code}，${minutes}分钟内有效。如非本人操作，请忽略本短信。`,
  readOnlyProfileField: '姓名、手机号、身份证号和证书类型不可修改，如需更正请联系协会',
  avatarInvalid: '请上传 JPG 或 PNG 格式的照片',
  avatarTooLarge: '照片不能超过2MB',
  studentPageMissing: '内容尚未发布',

  // Orders, refunds and invoices (spec 02 §4, spec 01 §4). Form-field texts live in @yaoshi/contracts/order-rules.
  orderNotFound: '订单不存在',
  orderPaidCannotCancel: '订单已支付，不能取消',
  orderAlreadyCancelled: '订单已取消，请勿重复操作',
  orderRefundedCannotCancel: '订单已退款，不能取消',
  orderNotPaidNoRefund: '订单未支付，不能申请退款',
  orderCancelledNoRefund: '订单已取消，不能申请退款',
  orderAlreadyRefunded: '订单已退款',
  refundInProgress: '退款申请正在处理中，请勿重复提交',
  invoiceRequestedNoRefund: '该订单已申请发票，不能申请退款',
  refundWindowPassed: '支付已超过一个月，不能申请退款',
  learningBegunNoRefund: '课程已开始学习，不能申请退款',
  orderNotPaidNoInvoice: '订单未支付，不能申请发票',
  orderRefundedNoInvoice: '订单已退款，不能申请发票',
  refundInProgressNoInvoice: '订单正在退款，不能申请发票',
  invoiceInProgress: '发票申请正在处理中，请勿重复提交',
  invoiceAlreadyIssued: '该订单发票已开具',

  notFound: '接口不存在',
  articleNotFound: '文章不存在',
  pageNotFound: '页面不存在',
  fileNotFound: '文件不存在',
  mediaLinkInvalid: '链接已失效或无权访问该文件',
  rangeNotSatisfiable: '请求的文件范围无效',
  siteNotConfigured: '站点信息尚未配置',
  /** Development without PUBLIC_BASE_URL, reached under a Host name not in ALLOWED_HOSTS. */
  hostNotAllowed: '请通过本站的正式网址访问后再支付',

  internalError: '服务器开小差了，请稍后重试',
  databaseUnavailable: '服务暂时不可用，请稍后重试',
} as const;
