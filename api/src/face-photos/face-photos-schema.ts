import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';
import { learners } from '../accounts/accounts-schema';

export const FACE_PHOTO_REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type FacePhotoReviewState = (typeof FACE_PHOTO_REVIEW_STATES)[number];

/** Each uploaded face photo, waiting for (or past) an administrator's review. */
export const facePhotos = pgTable(
  'face_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    /** Relative to the media folder. */
    path: text('path').notNull(),
    courseId: integer('course_id'),
    percent: smallint('percent'),
    state: text('state', { enum: FACE_PHOTO_REVIEW_STATES }).notNull().default('pending'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /** The reviewer's reason for a rejection (issue 18). */
    rejectReason: text('reject_reason'),
  },
  (table) => [
    index('face_photos_learner_idx').on(table.learnerId, table.createdAt),
    check('face_photos_state', sql`${table.state} in ('pending', 'approved', 'rejected')`),
    check('face_photos_percent', sql`${table.percent} between 0 and 100`),
  ],
);
