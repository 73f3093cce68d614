/** The association profile's limits and messages (issue 20), without zod: the console's form uses them too. */

export const PROFILE_LIMITS = {
  name: 60,
  shortName: 30,
  smsSignature: 20,
  chapterTitle: 60,
  chapters: 30,
  html: 200_000,
  address: 200,
  postcode: 10,
  phone: 30,
  supportPhones: 3,
  footerLines: 10,
  footerLine: 200,
} as const;

export const PROFILE_MESSAGES = {
  nameRequired: '请填写协会名称',
  nameTooLong: `协会名称不能超过${PROFILE_LIMITS.name}个字`,
  shortNameRequired: '请填写协会简称',
  shortNameTooLong: `协会简称不能超过${PROFILE_LIMITS.shortName}个字`,
  signatureInvalid: `短信签名须为2至${PROFILE_LIMITS.smsSignature}个汉字、字母或数字，不含【】`,
  chapterTitleRequired: '请填写章节标题',
  chapterTitleTooLong: `章节标题不能超过${PROFILE_LIMITS.chapterTitle}个字`,
  tooManyChapters: `协会简介最多${PROFILE_LIMITS.chapters}个章节`,
  htmlTooLong: '内容过长',
  addressTooLong: `地址不能超过${PROFILE_LIMITS.address}个字`,
  postcodeInvalid: '邮编须为6位数字',
  phoneInvalid: '电话号码只能包含数字、空格和 + - ( ) 等符号',
  tooManyPhones: `客服电话最多${PROFILE_LIMITS.supportPhones}个`,
  longitudeInvalid: '经度须在 -180 至 180 之间',
  latitudeInvalid: '纬度须在 -90 至 90 之间',
  tooManyFooterLines: `页脚最多${PROFILE_LIMITS.footerLines}行`,
  footerLineTooLong: `页脚每行不能超过${PROFILE_LIMITS.footerLine}个字`,
} as const;

/** What an SMS signature may be: letters and digits only (the provider adds the 【】). */
export const SMS_SIGNATURE_PATTERN = new RegExp(`^[\\p{L}\\p{N}]{2,${PROFILE_LIMITS.smsSignature}}$`, 'u');
