import { z } from 'zod';
import { defineEndpoint, noPayload } from './endpoint';
import * as personalDataRoutes from './routes/personal-data';
import {
  CLOSURE_REASON_MAX_LENGTH,
  CLOSURE_STATUSES,
  PERSONAL_DATA_MESSAGES as M,
  REVEAL_FIELDS,
} from './personal-data-rules';

/**
 * The schemas and endpoints of personal data (docs/security.md); the rules and texts are in
 * personal-data-rules.ts.
 */

export const faceConsentStateSchema = z.object({
  /** The rules' version now in force. */
  version: z.string(),
  /** The version the learner agreed to and when (Beijing time); null before any. */
  consented_version: z.string().nullable(),
  consented_at: z.string().nullable(),
  /** Whether the learner agreed to the version in force, so a photo may be taken. */
  consented: z.boolean(),
  /** Lesson check photos are kept this many days after their study year ends. */
  retention_days: z.number().int(),
});
export type FaceConsentState = z.infer<typeof faceConsentStateSchema>;

export const faceConsentRequestSchema = z.strictObject({
  version: z.string({ error: M.consentOutdated }).max(40, { error: M.consentOutdated }),
});

// ── The learner's copy of their data ────────────────────────────────────────────────────

/**
 * What the site holds about a learner, as the file 我的信息 downloads (JSON): every time in
 * Beijing time. Face photos are listed by date and state; the images and any analysis of them
 * are not part of it.
 */
export const myDataSchema = z.object({
  generated_at: z.string(),
  profile: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  account: z.object({
    created_at: z.string(),
    face_consent: z.object({ version: z.string().nullable(), consented_at: z.string().nullable() }),
  }),
  orders: z.array(z.record(z.string(), z.unknown())),
  refunds: z.array(z.record(z.string(), z.unknown())),
  invoices: z.array(z.record(z.string(), z.unknown())),
  study: z.array(z.record(z.string(), z.unknown())),
  exams: z.array(z.record(z.string(), z.unknown())),
  certificates: z.array(z.record(z.string(), z.unknown())),
  face_photos: z.array(z.record(z.string(), z.unknown())),
  closure_requests: z.array(z.record(z.string(), z.unknown())),
});
export type MyData = z.infer<typeof myDataSchema>;

// ── Account closure ─────────────────────────────────────────────────────────────────────

export const closureRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(CLOSURE_STATUSES),
  status_text: z.string(),
  reason: z.string(),
  /** Why 学员管理 refused ('' otherwise). */
  refuse_reason: z.string(),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ClosureRequest = z.infer<typeof closureRequestSchema>;

export const myClosureSchema = z.object({ request: closureRequestSchema.nullable() });
export type MyClosure = z.infer<typeof myClosureSchema>;

export const closureAskSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(CLOSURE_REASON_MAX_LENGTH, { error: `注销原因不能超过${CLOSURE_REASON_MAX_LENGTH}个字` })
    .default(''),
});
export type ClosureAsk = z.input<typeof closureAskSchema>;

export const closureRowSchema = closureRequestSchema.extend({
  learner_id: z.number().int(),
  name: z.string(),
  /** Masked unless the staff member holds `learners.reveal`. */
  id_number: z.string(),
  phone: z.string(),
  decided_by: z.string(),
});
export type ClosureRow = z.infer<typeof closureRowSchema>;

export const personalDataEndpoints = {
  faceConsent: defineEndpoint({
    ...personalDataRoutes.faceConsent,
    request: noPayload,
    response: faceConsentStateSchema,
  }),
  giveFaceConsent: defineEndpoint({
    ...personalDataRoutes.giveFaceConsent,
    request: faceConsentRequestSchema,
    response: faceConsentStateSchema,
  }),
  myData: defineEndpoint({
    ...personalDataRoutes.myData,
    request: noPayload,
    response: z.object({ file_name: z.string(), data: myDataSchema }),
  }),
  myClosure: defineEndpoint({
    ...personalDataRoutes.myClosure,
    request: noPayload,
    response: myClosureSchema,
  }),
  askClosure: defineEndpoint({
    ...personalDataRoutes.askClosure,
    request: closureAskSchema,
    response: myClosureSchema,
  }),
  withdrawClosure: defineEndpoint({
    ...personalDataRoutes.withdrawClosure,
    request: noPayload,
    response: myClosureSchema,
  }),
  reveal: defineEndpoint({
    ...personalDataRoutes.reveal,
    request: z.strictObject({ id: z.number().int().positive(), field: z.enum(REVEAL_FIELDS) }),
    response: z.object({ value: z.string() }),
  }),
  closures: defineEndpoint({
    ...personalDataRoutes.closures,
    request: z.strictObject({
      page: z.number().int().min(1).default(1),
      size: z.number().int().min(1).max(100).default(20),
      status: z.enum(CLOSURE_STATUSES).optional(),
    }),
    response: z.object({ total: z.number().int(), pending: z.number().int(), list: z.array(closureRowSchema) }),
  }),
  closureApprove: defineEndpoint({
    ...personalDataRoutes.closureApprove,
    request: z.strictObject({ id: z.number().int().positive() }),
    response: z.null(),
  }),
  closureRefuse: defineEndpoint({
    ...personalDataRoutes.closureRefuse,
    request: z.strictObject({
      id: z.number().int().positive(),
      reason: z
        .string({ error: M.refuseReasonRequired })
        .trim()
        .min(1, { error: M.refuseReasonRequired })
        .max(CLOSURE_REASON_MAX_LENGTH, { error: `原因不能超过${CLOSURE_REASON_MAX_LENGTH}个字` }),
    }),
    response: z.null(),
  }),
};
