import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns';

/**
 * 统计报表's exports (issue 21): each is made by the `report-export` job on one server and
 * kept in storage (`exports/…`, private) for REPORT_EXPORT_KEEP_DAYS days. Status codes are
 * REPORT_EXPORT_STATUSES (@yaoshi/contracts/reports).
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    year: smallint('year').notNull(),
    report: text('report', { enum: ['summary', 'completed'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    /** Who asked, as the audit record names them. */
    requestedBy: text('requested_by').notNull(),
    fileName: text('file_name').notNull(),
    /** The workbook in storage once done; null again once deleted after the keep period. */
    fileKey: text('file_key'),
    rows: integer('rows'),
    /**
     * Whether the file carries whole ID numbers: only when its requester held `learners.reveal`;
     * otherwise they are masked in it, and only such a staff member may download a whole one.
     */
    fullNumbers: boolean('full_numbers').notNull().default(false),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('report_exports_created_idx').on(table.createdAt),
    check('report_exports_status', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
    check('report_exports_report', sql`${table.report} in ('summary', 'completed')`),
    check('report_exports_failed', sql`(${table.status} = 'failed') = (${table.failureReason} is not null)`),
  ],
);
