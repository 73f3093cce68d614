import './zod-setup';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import * as certificateRoutes from './routes/certificates';
import { wholeNumberSchema } from './request-numbers';
import { ARCHIVE_REVIEW_STATUSES } from './archive-review-rules';
import {
  CERTIFICATE_MESSAGES as M,
  CERTIFICATE_NO_PATTERN,
  REVOKE_REASON_MAX,
  REVOKE_REASON_MIN,
} from './certificate-rules';

/** 学时证明 (issue 20): the learner's download, the public verification and the staff revoke. */

const yearSchema = wholeNumberSchema(2000, 2100);
export const certificateNoSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CERTIFICATE_NO_PATTERN, { error: M.badNumber });

export const certificateStatusSchema = z.object({
  year: z.number(),
  /** 1: the year is complete and the certificate may be downloaded. */
  available: z.union([z.literal(0), z.literal(1)]),
  /** The number once issued (first download). */
  certificate_no: z.string().nullable(),
  revoked: z.union([z.literal(0), z.literal(1)]),
  /**
   * The year's archive review once the year is complete (null before): the certificate is
   * available only when it passed. Its due day while pending; its reason when failed.
   */
  review: z.enum(ARCHIVE_REVIEW_STATUSES).nullable(),
  review_due_on: z.string().nullable(),
  review_reason: z.string().nullable(),
});
export type CertificateStatus = z.output<typeof certificateStatusSchema>;

export const certificatePdfSchema = z.object({
  file_name: z.string(),
  pdf_base64: z.string(),
  certificate_no: z.string(),
  verify_url: z.string(),
});
export type CertificatePdf = z.output<typeof certificatePdfSchema>;

export const CERTIFICATE_VERDICTS = ['genuine', 'revoked', 'unknown'] as const;
export type CertificateVerdict = (typeof CERTIFICATE_VERDICTS)[number];

/** What anyone may learn of a certificate number: nothing personal but the masked name. */
export const certificateVerificationSchema = z.object({
  certificate_no: z.string(),
  verdict: z.enum(CERTIFICATE_VERDICTS),
  /** Known certificates only. */
  name_masked: z.string().nullable(),
  year: z.number().nullable(),
  class_hour: z.number().nullable(),
  issuer: z.string().nullable(),
  issued_on: z.string().nullable(),
  revoked_on: z.string().nullable(),
});
export type CertificateVerification = z.output<typeof certificateVerificationSchema>;

export const certificateSearchRequestSchema = z
  .strictObject({
    certificate_no: z.string().trim().max(20).optional(),
    /** The learner's name, ID number or phone, exactly. */
    learner: z.string().trim().max(50).optional(),
  })
  .refine((value) => Boolean(value.certificate_no || value.learner), { error: '请输入证书编号或学员' });

export const certificateRowSchema = z.object({
  id: z.number(),
  certificate_no: z.string(),
  learner_id: z.number(),
  learner_name: z.string(),
  id_number_masked: z.string(),
  year: z.number(),
  class_hour: z.number(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  revoked_by: z.string().nullable(),
});
export type CertificateRow = z.output<typeof certificateRowSchema>;

export const certificateRevokeRequestSchema = z.strictObject({
  certificate_no: certificateNoSchema,
  reason: z
    .string()
    .trim()
    .min(REVOKE_REASON_MIN, { error: M.reasonLength })
    .max(REVOKE_REASON_MAX, { error: M.reasonLength }),
});
export type CertificateRevokeRequest = z.input<typeof certificateRevokeRequestSchema>;

export const certificateEndpoints = {
  /** Whether the year's certificate can be downloaded (the /myCourse button). */
  status: defineEndpoint({
    ...certificateRoutes.status,
    request: z.strictObject({ year: yearSchema }),
    response: certificateStatusSchema,
  }),
  /** The year's certificate as a PDF; issued (numbered) on the first download, the same afterwards. */
  pdf: defineEndpoint({
    ...certificateRoutes.pdf,
    request: z.strictObject({ year: yearSchema }),
    response: certificatePdfSchema,
  }),
  /** Public: is this number a genuine certificate? */
  verify: defineEndpoint({
    ...certificateRoutes.verify,
    request: z.strictObject({ no: certificateNoSchema }),
    response: certificateVerificationSchema,
  }),
  adminSearch: defineEndpoint({
    ...certificateRoutes.adminSearch,
    request: certificateSearchRequestSchema,
    response: z.object({ list: z.array(certificateRowSchema) }),
  }),
  adminRevoke: defineEndpoint({
    ...certificateRoutes.adminRevoke,
    request: certificateRevokeRequestSchema,
    response: certificateRowSchema,
  }),
};
