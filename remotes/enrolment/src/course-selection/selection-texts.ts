import { REQUIRED_PROFESSIONAL_HOURS, REQUIRED_PUBLIC_HOURS } from '@yaoshi/contracts/course-selection-rules';
import { PAYMENT_VALID_MINUTES } from '@yaoshi/contracts/payment-rules';
import { COURSE_KIND_NAMES, STUDENT_PAGE_NAMES } from '@yaoshi/contracts/site-names';

/** The important-notice dialog shown when the selection page opens (spec 02 §2). */
export const IMPORTANT_NOTICE = {
  title: '重要提示',
  paragraphs: [
    `根据执业药师继续教育有关规定，执业药师每年度须完成${COURSE_KIND_NAMES.professional}${REQUIRED_PROFESSIONAL_HOURS}学时的学习，另须完成${COURSE_KIND_NAMES.public}${REQUIRED_PUBLIC_HOURS}学时的学习。`,
    '请先选择学习年度，再选择课程：必修课须全部选择，选修课按需选择，合计须达到年度要求学时。补学年度可按所缺学时自由选择课程。',
    `确认报名后请在${PAYMENT_VALID_MINUTES}分钟内完成支付，支付成功后即可在“专业课学习”中开始学习。已购买的课程不能重复选择。`,
    '学习过程中将随机进行人脸核验，请本人完成学习；代学、挂机等行为将导致学习档案审核不通过且不予退款。',
  ],
  ok: '我已知晓',
} as const;

/** The important-notice dialog of the public-requirement selection (spec 02 §2: the same pattern). */
export const PUBLIC_IMPORTANT_NOTICE = {
  title: '重要提示',
  paragraphs: [
    `${COURSE_KIND_NAMES.public}每年度须完成${REQUIRED_PUBLIC_HOURS}学时的学习，报名时所选课程须恰好为${REQUIRED_PUBLIC_HOURS}学时。`,
    `${COURSE_KIND_NAMES.public}报名后即可在“${STUDENT_PAGE_NAMES.publicCourse}”中学习，须按顺序学习：前一门课程学完并评价后，方可开始下一门。`,
    '学习过程中将进行人脸核验和随堂答题，请本人完成学习；代学、挂机等行为将导致学习档案审核不通过。',
  ],
  ok: '我已知晓',
} as const;

/** The rules dialog of the professional selection (spec 02 §5). */
export const PROFESSIONAL_RULES = {
  title: '选课规则',
  items: [
    `每个学习年度须选满${REQUIRED_PROFESSIONAL_HOURS}学时（补学年度除外）；学时不足时不能报名，须重新选择。`,
    '本年度的必修课须全部选择；选修课自行选择，可多选。',
    `所选学时超过${REQUIRED_PROFESSIONAL_HOURS}学时的，超出部分同样需要缴费，报名前会再次提示。`,
    '面授课程暂未开放，不能选择；已购买的课程不能重复选择。',
    '课程价格以确认报名时系统计算的金额为准。',
    '未购买的课程可点击“试看”免费观看6分钟。',
  ],
} as const;

export const PUBLIC_RULES = {
  title: '选课规则',
  items: [
    `${COURSE_KIND_NAMES.public}每年度须选满${REQUIRED_PUBLIC_HOURS}学时，不足${REQUIRED_PUBLIC_HOURS}学时不能报名。`,
    `确认报名时所选学时须恰好为${REQUIRED_PUBLIC_HOURS}学时。`,
    `${COURSE_KIND_NAMES.public}免费学习，报名成功后即可在“${STUDENT_PAGE_NAMES.publicCourse}”中开始学习。`,
    '须按顺序学习：完成前一门课程的学习和评价后，才能开始下一门课程。',
  ],
} as const;

export const FACE_TO_FACE_NOTICE = '暂未开放';
export const FACE_TO_FACE_EMPTY = '暂无课程';
export const TRIAL_LINK_TEXT = '试看';
