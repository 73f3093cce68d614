import './zod-setup';
import { z } from 'zod';
import { defineEndpoint, noPayload } from './endpoint';
import * as associationProfileRoutes from './routes/association-profile';
import { PROFILE_LIMITS, PROFILE_MESSAGES, SMS_SIGNATURE_PATTERN } from './association-profile-rules';

export { PROFILE_LIMITS, PROFILE_MESSAGES };

/**
 * The association's profile (issue 20): everything that makes the site one association's
 * site. Nothing association-specific lives in code; another province's association runs the
 * product by changing this profile alone. Staff with `content.edit` read and change it in
 * the console (协会信息); the public pages read the parts they show.
 */

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
  name: z.string().trim().min(1, { error: M.nameRequired }).max(PROFILE_LIMITS.name, { error: M.nameTooLong }),
  short_name: z
    .string()
    .trim()
    .min(1, { error: M.shortNameRequired })
    .max(PROFILE_LIMITS.shortName, { error: M.shortNameTooLong }),
  /** Sent as 【signature】 before every SMS text; the SMS provider must have approved it. */
  sms_signature: z.string().trim().regex(SMS_SIGNATURE_PATTERN, { error: M.signatureInvalid }),
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

/** The profile as stored and answered: a fresh database's is empty, which the request schema refuses. */
export const storedAssociationProfileSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  sms_signature: z.string(),
  introduction: z.array(z.object({ title: z.string(), html: z.string() })),
  charter: z.string(),
  contact: z.object({
    address: z.string(),
    postcode: z.string(),
    supervision_phone: z.string(),
    support_phones: z.array(z.string()),
    longitude: z.number().nullable(),
    latitude: z.number().nullable(),
  }),
  footer_lines: z.array(z.string()),
  privacy_policy: z.string(),
  learner_agreement: z.string(),
});

/** The public /associationIntroduce page: the association's name, its introduction chapters and charter. */
export const associationIntroductionSchema = z.object({
  name: z.string(),
  introduction: z.array(z.object({ title: z.string(), html: z.string() })),
  charter: z.string(),
});
export type AssociationIntroduction = z.output<typeof associationIntroductionSchema>;

export const associationProfileEndpoints = {
  introduction: defineEndpoint({
    ...associationProfileRoutes.introduction,
    request: noPayload,
    response: associationIntroductionSchema,
  }),
  adminRead: defineEndpoint({
    ...associationProfileRoutes.adminRead,
    request: noPayload,
    response: storedAssociationProfileSchema,
  }),
  adminUpdate: defineEndpoint({
    ...associationProfileRoutes.adminUpdate,
    request: associationProfileSchema,
    response: storedAssociationProfileSchema,
  }),
};
