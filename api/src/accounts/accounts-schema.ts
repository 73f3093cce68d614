import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';

// ── Learners and their sessions (spec 01 §3, §4, §6) ──────────────────────────────────

/**
 * A licensed pharmacist who studies here. ID number and phone are the two login ids, so
 * each is unique. Profile fields stay null/'' until the learner fills in the form; the
 * enumerations of spec 01 §3 are enforced here as well as by the contract.
 * Region codes are full 6-digit GB/T 2260 codes, linked by prefix (city → province by
 * the first 2 digits, county → city by the first 4).
 */
export const learners = pgTable(
  'learners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    idNumber: text('id_number').notNull().unique(),
    phone: text('phone').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** Password login refused until then (5 wrong passwords in 15 minutes). */
    passwordLockedUntil: timestamp('password_locked_until', { withTimezone: true, mode: 'date' }),
    certificationType: smallint('certification_type').notNull(),
    company: text('company').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    county: text('county').notNull().default(''),
    provinceCode: text('province_code'),
    cityCode: text('city_code'),
    countyCode: text('county_code'),
    education: smallint('education'),
    sex: smallint('sex'),
    major: text('major').notNull().default(''),
    certificationNumber1: text('certification_number1').notNull().default(''),
    certificationNumber2: text('certification_number2').notNull().default(''),
    graduateSchool: text('graduate_school').notNull().default(''),
    ethnic: smallint('ethnic'),
    professionRank: smallint('profession_ranks'),
    politicsStatus: smallint('politics_status'),
    email: text('email').notNull().default(''),
    /** The latest face photo, relative to the media folder; null before the first upload. */
    avatarPath: text('avatar_path'),
    /** 0 none, 1 approved, 2 under review, 3 rejected (AVATAR_STATUS in the contracts). */
    avatarStatus: smallint('avatar_status').notNull().default(0),
    /**
     * Counts the learner's judged progress reports. A report is written only if this is
     * still the value read with its facts, so one learner's reports are judged one after
     * another without holding a lock across round trips (src/study/progress-reports.ts).
     */
    studyReportSeq: integer('study_report_seq').notNull().default(0),
    /** Set by 学员管理 (issue 18): a disabled learner cannot log in. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    /** Set when 学员管理 resets the password: the learner must choose a new one after logging in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Why 审核 rejected the latest face photo, shown to the learner at /faceCollection. */
    avatarRejectReason: text('avatar_reject_reason'),
    /**
     * The face-photo rules the learner separately agreed to (PIPL art. 29), and when: a face
     * collection photo is refused until they agree to the version in force (FACE_CONSENT_VERSION).
     */
    faceConsentVersion: text('face_consent_version'),
    faceConsentAt: timestamp('face_consent_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set when 学员管理 approves the learner's request to close the account
     * (personal-data/account-closure.ts): the phone is replaced by `closed:<id>`, the profile
     * emptied, face photos deleted; name, ID number and the records the law keeps stay.
     */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('learners_id_number_format', sql`${table.idNumber} ~ '^[0-9]{17}[0-9X]$'`),
    check(
      'learners_phone_format',
      sql`${table.phone} ~ '^1[0-9]{10}$' or (${table.closedAt} is not null and ${table.phone} = 'closed:' || ${table.id})`,
    ),
    check('learners_certification_type', sql`${table.certificationType} between 1 and 4`),
    check('learners_education', sql`${table.education} between 1 and 5`),
    check('learners_sex', sql`${table.sex} between 1 and 3`),
    check('learners_ethnic', sql`${table.ethnic} between 1 and 2`),
    check('learners_profession_ranks', sql`${table.professionRank} between 0 and 3`),
    check('learners_politics_status', sql`${table.politicsStatus} between 1 and 3`),
    check('learners_avatar_status', sql`${table.avatarStatus} between 0 and 3`),
    check('learners_province_code', sql`${table.provinceCode} ~ '^[0-9]{2}0000$'`),
    check(
      'learners_city_code',
      sql`${table.cityCode} is null or (${table.cityCode} ~ '^[0-9]{4}00$' and ${table.cityCode} !~ '^[0-9]{2}0000$' and ${table.provinceCode} is not null and left(${table.cityCode}, 2) = left(${table.provinceCode}, 2))`,
    ),
    check(
      'learners_county_code',
      sql`${table.countyCode} is null or (${table.countyCode} !~ '00$' and ${table.cityCode} is not null and left(${table.countyCode}, 4) = left(${table.cityCode}, 4))`,
    ),
  ],
);

/**
 * A login. The bearer token is random and only its SHA-256 is stored, so a copy of this
 * table logs nobody in. Logout and password changes set `revoked_at`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('sessions_learner_idx').on(table.learnerId)],
);

/** Wrong passwords, counted for the lockout; cleared by a successful login or a lock. */
export const passwordFailures = pgTable(
  'password_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('password_failures_learner_idx').on(table.learnerId, table.failedAt)],
);
