import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';

/**
 * One HLS transcode per lesson video (issue 21), keyed by the video's storage key: every
 * lesson version that plays that file (a version that only changed its face-check points
 * keeps the file, and the demo courses share three files) plays the same renditions.
 * Status codes are TRANSCODE_STATUSES (@yaoshi/contracts/course-admin-rules).
 */
export const videoTranscodes = pgTable(
  'video_transcodes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The uploaded (or demo) video in storage, as `course_lessons.video_path` names it. */
    sourcePath: text('source_path').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    percent: smallint('percent').notNull().default(0),
    /** ffmpeg's reason (its last lines), or why the job gave up. */
    failureReason: text('failure_reason'),
    /** Attempts begun (a crashed attempt counts). */
    attempts: integer('attempts').notNull().default(0),
    /** Bumped by 重新转码: a job of an older generation finds nothing to do. */
    generation: integer('generation').notNull().default(1),
    /** The master playlist's storage key once done. */
    masterPath: text('master_path'),
    posterPath: text('poster_path'),
    /** The transcoded length (the playlist's segments), whole seconds. */
    durationSeconds: integer('duration_seconds'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('video_transcodes_source_idx').on(table.sourcePath),
    check('video_transcodes_status', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
    check('video_transcodes_percent', sql`${table.percent} between 0 and 100`),
    check(
      'video_transcodes_done',
      sql`(${table.status} = 'done') = (${table.masterPath} is not null and ${table.durationSeconds} > 0)`,
    ),
    check('video_transcodes_failed', sql`(${table.status} = 'failed') = (${table.failureReason} is not null)`),
  ],
);
