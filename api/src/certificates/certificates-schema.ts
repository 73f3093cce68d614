import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { learners } from '../accounts/accounts-schema';

/** One course as the certificate lists it, recorded when the certificate is issued. */
export interface CertificateCourse {
  name: string;
  kind: 'professional' | 'public';
  classHourTenths: number;
}

/**
 * 学时证明 (issue 20): one per learner and study year, issued on the first download. What
 * the PDF shows is recorded at issue, so every later download is the same document; a
 * revoked certificate keeps its row (the verification page says it was revoked).
 */
export const creditCertificates = pgTable(
  'credit_certificates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    certificateNo: text('certificate_no').notNull().unique(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    learnerName: text('learner_name').notNull(),
    idNumberMasked: text('id_number_masked').notNull(),
    professionalTenths: integer('professional_tenths').notNull(),
    publicTenths: integer('public_tenths').notNull(),
    courses: jsonb('courses').$type<CertificateCourse[]>().notNull(),
    issuer: text('issuer').notNull(),
    issuedAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
    /** The staff member's user name. */
    revokedBy: text('revoked_by'),
  },
  (table) => [
    uniqueIndex('credit_certificates_learner_year_idx').on(table.learnerId, table.year),
    check('credit_certificates_hours', sql`${table.professionalTenths} >= 0 and ${table.publicTenths} >= 0`),
    check('credit_certificates_revocation', sql`(${table.revokedAt} is null) = (${table.revokedReason} is null)`),
  ],
);
