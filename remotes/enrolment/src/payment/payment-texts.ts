import { PAYMENT_VALID_MINUTES } from '@yaoshi/contracts/enrolment';

/** spec 01 §9 timings of the payment page. */
export const ORDER_STATUS_POLL_MS = 3000;
export const QR_DRAW_DELAY_MS = 1000;
export const QR_SIZE_PX = 200;
export const PAID_REDIRECT_MS = 2000;

/** spec 01 §4 texts of the payment page, in Chinese. */
export const PAYMENT_TEXTS = {
  paid: '支付成功',
  failed: '支付失败，请刷新重试',
  detailsTitle: '已购课程列表',
  qrTitle: '微信扫码支付',
  qrValidity: `请使用微信扫描二维码完成支付，二维码有效期为${PAYMENT_VALID_MINUTES}分钟`,
  noOrder: '暂无待支付的订单，请先选课报名',
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
