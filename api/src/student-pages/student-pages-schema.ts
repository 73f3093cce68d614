import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../db/columns';

export const STUDENT_PAGE_SLUGS = ['students-note', 'agreement'] as const;
export type StudentPageSlug = (typeof STUDENT_PAGE_SLUGS)[number];

/** The student notice (/studentsNote) and the service agreement (/agreement). */
export const studentPages = pgTable(
  'student_pages',
  {
    slug: text('slug', { enum: STUDENT_PAGE_SLUGS }).primaryKey(),
    thumb: text('thumb').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('student_pages_known_slug', sql`${table.slug} in ('students-note', 'agreement')`)],
);
