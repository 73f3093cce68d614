import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Lesson-video uploads that are open: begun by tus and not yet made into a lesson, discarded
 * or expired. One row per upload, so the caps on open uploads (per staff member and in all)
 * hold across servers, and every upload's start and end is in the audit trail.
 */
export const openLessonUploads = pgTable(
  'open_lesson_uploads',
  {
    uploadId: text('upload_id').primaryKey(),
    /** Who began it (staff_accounts.id; no foreign key: the staff feature owns that table). */
    staffId: integer('staff_id').notNull(),
    /** The size its client declared (Upload-Length): disk the upload may come to fill. */
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('open_lesson_uploads_staff_idx').on(table.staffId)],
);
