import { isValidIdNumber18 } from './identity-rules';

/**
 * Personal data under the Personal Information Protection Law (docs/security.md), the rules
 * and texts without zod (for the browser; personal-data.ts has the schemas and endpoints): ID numbers
 * and phones masked in the console unless a role holds `learners.reveal`; the learner's
 * separate consent before the first face photo; the learner's copy of what the site holds
 * about them; and account closure, asked by the learner and decided by 学员管理.
 */

export const PERSONAL_DATA_MESSAGES = {
  consentRequired: '请先阅读并同意《人脸信息处理规则》，再采集人脸照片',
  consentOutdated: '《人脸信息处理规则》已更新，请刷新页面后重新阅读并同意',
  closurePending: '您已提交注销申请，请等待协会处理',
  closureNotPending: '该注销申请已处理，请刷新列表',
  closureNotFound: '注销申请不存在',
  closureNothingToWithdraw: '没有待处理的注销申请',
  refuseReasonRequired: '请填写不同意注销的原因',
  exportFullNumbersForbidden: '该导出文件含完整身份证号和手机号，您的角色只能下载隐去部分数字的文件，请重新导出',
} as const;

// ── Masking ─────────────────────────────────────────────────────────────────────────────

/**
 * An ID number as the console shows it to a role without `learners.reveal`: the first 4
 * (province and city) and the last 4 kept, 3201**********4510. (A certificate prints the
 * first 6 instead, certificate-rules.ts: it is shown to an employer who checks the person.)
 */
export function maskPersonalIdNumber(idNumber: string): string {
  if (idNumber.length <= 8) return '*'.repeat(idNumber.length);
  return `${idNumber.slice(0, 4)}${'*'.repeat(idNumber.length - 8)}${idNumber.slice(-4)}`;
}

/** A phone as the console shows it without `learners.reveal`: 138****5678. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

const ID_NUMBER_IN_TEXT = /(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/g;
const PHONE_IN_TEXT = /(?<![\dA-Za-z])1[3-9]\d{9}(?![\dA-Za-z])/g;

/**
 * `text` with every ID number and mobile phone in it masked: for free text that may carry
 * one (an audit record's target and fields). A run of digits of another length (an order
 * number has 20) is left alone, and 18 digits only when they make a valid ID number.
 */
export function maskPersonalNumbersIn(text: string): string {
  return text
    .replace(ID_NUMBER_IN_TEXT, (match) => (isValidIdNumber18(match) ? maskPersonalIdNumber(match) : match))
    .replace(PHONE_IN_TEXT, maskPhone);
}

/** `maskPersonalNumbersIn` over every string of a JSON value. */
export function maskPersonalNumbersDeep(value: unknown): unknown {
  if (typeof value === 'string') return maskPersonalNumbersIn(value);
  if (Array.isArray(value)) return value.map(maskPersonalNumbersDeep);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskPersonalNumbersDeep(item)]));
  return value;
}

/** Whether `text` still shows a value whole: a masked value always has a `*`. */
export function isMasked(text: string): boolean {
  return text.includes('*');
}

export const REVEAL_FIELDS = ['id_number', 'phone'] as const;
export type RevealField = (typeof REVEAL_FIELDS)[number];
export const REVEAL_FIELD_LABELS: Readonly<Record<RevealField, string>> = { id_number: '身份证号', phone: '手机号' };

// ── Face photos: consent and retention ──────────────────────────────────────────────────

/**
 * The version of the face-photo rules the learner agrees to. A new text gets a new version,
 * and a learner who agreed to an older one is asked again before the next photo.
 */
export const FACE_CONSENT_VERSION = '2026-11-v1';
export const FACE_CONSENT_TITLE = '人脸信息处理规则';

/** The rules' paragraphs; `retentionDays` is the lesson check photos' period from the server's configuration. */
export function faceConsentParagraphs(retentionDays: number): string[] {
  return [
    '人脸信息属于敏感个人信息。为核实参加继续教育学习的是您本人，本平台需要处理您的人脸照片，特请您单独同意。',
    '处理目的与方式：人脸采集照片经协会审核人员审核通过后，作为学习时人脸核验的比对依据；学习课程时，平台在课程设定的进度点拍摄人脸核验照片，与采集照片比对，以证明学时由本人完成。照片仅协会审核人员可以查看，除法律、行政法规规定外不向他人提供。',
    `保存期限：人脸采集照片在您的账号存续期间保存，账号注销时删除；学习中的人脸核验照片保存至所属学习年度结束后${retentionDays}天，期满自动删除。`,
    '您可以不同意，但将无法采集人脸照片，也就无法学习需要人脸核验的课程。您可以在「我的信息」中下载本平台保存的您的个人信息，或申请注销账号。',
  ];
}

/** The downloaded file's name for a day 'YYYY-MM-DD'. */
export function myDataFileName(day: string): string {
  return `我的个人信息-${day}.json`;
}

export const CLOSURE_STATUSES = ['pending', 'approved', 'refused', 'withdrawn'] as const;
export type ClosureStatus = (typeof CLOSURE_STATUSES)[number];
export const CLOSURE_STATUS_LABELS: Readonly<Record<ClosureStatus, string>> = {
  pending: '待处理',
  approved: '已注销',
  refused: '未同意',
  withdrawn: '已撤回',
};

export const CLOSURE_REASON_MAX_LENGTH = 200;

/**
 * What a closure keeps and what it removes, in the learner's words (the /myInfo dialog) and
 * the staff member's (the console's confirmation). docs/security.md explains why.
 */
export const CLOSURE_KEEPS =
  '姓名、身份证号，以及订单、发票、退款、学习与学时记录、考试记录和学时证明（法律法规和财务制度要求保存）';
export const CLOSURE_REMOVES =
  '手机号、电子邮箱、工作单位、地区、学历、专业、执业证号等资料和全部人脸照片；账号将无法再登录';
