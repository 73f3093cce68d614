import './zod-setup';
import { z } from 'zod';
import { defineEndpoint, noPayload } from './endpoint';

/**
 * The association's profile (issue 20): everything that makes the site one association's
 * site. Nothing association-specific lives in code; another province's association runs the
 * product by changing this profile alone. Staff with `content.edit` read and change it in
 * the console (协会信息); the public pages read the parts they show.
 */

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

const M = PROFILE_MESSAGES;

const htmlSchema = z.string().max(PROFILE_LIMITS.html, { error: M.htmlTooLong });
const phoneSchema = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.phone, { error: M.phoneInvalid })
  .regex(/^[\d\s+\-()（）转]*$/, { error: M.phoneInvalid });

export const introductionChapterSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: M.chapterTitleRequired })
    .max(PROFILE_LIMITS.chapterTitle, { error: M.chapterTitleTooLong }),
  html: htmlSchema,
});
export type IntroductionChapter = z.output<typeof introductionChapterSchema>;

export const associationContactSchema = z.object({
  address: z.string().trim().max(PROFILE_LIMITS.address, { error: M.addressTooLong }),
  postcode: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, { error: M.postcodeInvalid }),
  supervision_phone: phoneSchema,
  support_phones: z.array(phoneSchema).max(PROFILE_LIMITS.supportPhones, { error: M.tooManyPhones }),
  /** The map's marker (GCJ-02, as 高德 takes it); null: the contact page shows no marker position of its own. */
  longitude: z
    .number({ error: M.longitudeInvalid })
    .min(-180, { error: M.longitudeInvalid })
    .max(180, { error: M.longitudeInvalid })
    .nullable(),
  latitude: z
    .number({ error: M.latitudeInvalid })
    .min(-90, { error: M.latitudeInvalid })
    .max(90, { error: M.latitudeInvalid })
    .nullable(),
});
export type AssociationContact = z.output<typeof associationContactSchema>;

export const associationProfileSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: M.nameRequired })
    .max(PROFILE_LIMITS.name, { error: M.nameTooLong }),
  short_name: z
    .string()
    .trim()
    .min(1, { error: M.shortNameRequired })
    .max(PROFILE_LIMITS.shortName, { error: M.shortNameTooLong }),
  /** Sent as 【signature】 before every SMS text; the SMS provider must have approved it. */
  sms_signature: z
    .string()
    .trim()
    .regex(new RegExp(`^[\\p{L}\\p{N}]{2,${PROFILE_LIMITS.smsSignature}}$`, 'u'), { error: M.signatureInvalid }),
  /** 协会简介: ordered chapters, each a title and HTML. */
  introduction: z.array(introductionChapterSchema).max(PROFILE_LIMITS.chapters, { error: M.tooManyChapters }),
  /** 协会章程 (HTML). */
  charter: htmlSchema,
  contact: associationContactSchema,
  /** Lines the site footer shows below the address (e.g. 技术支持, 备案 notes). */
  footer_lines: z
    .array(z.string().trim().max(PROFILE_LIMITS.footerLine, { error: M.footerLineTooLong }))
    .max(PROFILE_LIMITS.footerLines, { error: M.tooManyFooterLines }),
  privacy_policy: htmlSchema,
  learner_agreement: htmlSchema,
});
export type AssociationProfile = z.output<typeof associationProfileSchema>;
export type AssociationProfileInput = z.input<typeof associationProfileSchema>;

/** The public /associationIntroduce page: the association's name, its introduction chapters and charter. */
export const associationIntroductionSchema = z.object({
  name: z.string(),
  introduction: z.array(z.object({ title: z.string(), html: z.string() })),
  charter: z.string(),
});
export type AssociationIntroduction = z.output<typeof associationIntroductionSchema>;

export const associationProfileEndpoints = {
  introduction: defineEndpoint({
    method: 'GET',
    path: '/v1/association_introduction',
    auth: false,
    request: noPayload,
    response: associationIntroductionSchema,
  }),
  adminRead: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/association_profile',
    auth: 'staff',
    permission: 'content.edit',
    request: noPayload,
    response: associationProfileSchema,
  }),
  adminUpdate: defineEndpoint({
    method: 'POST',
    path: '/v1/admin/association_profile/save',
    auth: 'staff',
    permission: 'content.edit',
    request: associationProfileSchema,
    response: associationProfileSchema,
  }),
};
