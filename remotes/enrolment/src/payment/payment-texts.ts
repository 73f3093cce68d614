import { PAYMENT_VALID_MINUTES } from '@yaoshi/contracts/payment-rules';

/** spec 01 §9 timings of the payment page. */
export const ORDER_STATUS_POLL_MS = 3000;
export const QR_DRAW_DELAY_MS = 1000;
export const QR_SIZE_PX = 200;
export const PAID_REDIRECT_MS = 2000;
/**
 * 支付成功 stays up through the move to /myCourse and 5 s there: a message of the usual 2 s
 * was gone by the time the learner landed, so nothing on her new page said the payment
 * had gone through.
 */
export const PAID_MESSAGE_SECONDS = PAID_REDIRECT_MS / 1000 + 5;

/** spec 01 §4 texts of the payment page, in Chinese. */
export const PAYMENT_TEXTS = {
  paid: '支付成功',
  failed: '支付失败，请刷新重试',
  detailsTitle: '已购课程列表',
  qrTitle: '微信扫码支付',
  qrValidity: `请使用微信扫描二维码完成支付，二维码有效期为${PAYMENT_VALID_MINUTES}分钟`,
  noOrder: '暂无待支付的订单，请先选课报名',
  /** An order left unpaid past its deadline (pay_status 3, expired). */
  expired: '订单已过期，请点击“确认支付”重新支付',
  expiredNotice: `该订单超过支付期限（${PAYMENT_VALID_MINUTES}分钟）未完成支付，已过期。点击“确认支付”即可重新支付，无需重新选课。`,
  declinedNotice: '该订单上次支付未成功。点击“确认支付”即可重新支付，无需重新选课。',
  /** Before a new order: the older unpaid or failed orders of the year that it will cancel. */
  willReplace: (year: number, orderNos: readonly string[]) =>
    `您在${year}年度还有未完成支付的订单（订单号：${orderNos.join('、')}）。确认支付后将按本次选课生成新订单，原订单将自动取消；如需支付原订单，请到“我的订单”中操作。`,
  /** After a new order: which orders it replaced. */
  replaced: (orderNos: readonly string[], orderNo: string) =>
    `原订单（订单号：${orderNos.join('、')}）已取消，由本订单（订单号：${orderNo}）代替。`,
} as const;

/** spec 01 §4 "Payment notes shown to the user". */
export const PAYMENT_NOTES = [
  '支付成功后超过1个月，或已开始学习的，不予退款（因系统原因导致的除外）。',
  '未支付的订单超过支付期限后将被关闭，系统可能将其删除，请及时完成支付。',
  '由工作单位集体缴费的学员无需个人支付。',
  '因代学、私下交易等原因导致学习档案审核不通过的，不予退款。',
] as const;

export const PAY_METHODS = [
  { value: 3 as const, label: '微信支付（扫码）' },
  { value: 2 as const, label: '支付宝支付（跳转）' },
];
