import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { updatedAt } from '../db/columns';
import { learners } from '../accounts/accounts-schema';
import { academicYears } from '../catalogue/catalogue-schema';

// ── Enrolment and payment (issue 5: selection, payment attempts, notifications, sandbox gateway) ──
//
// What the learner chose per year (the `car`), each attempt to take the money for an order
// (a failed order that is paid again gets a new attempt with its own merchant number, as
// real gateways refuse a merchant number twice), every notification received (idempotence
// and audit), and the sandbox gateway's own books. The sandbox tables stand for the
// gateway's side: our code reads them only through the sandbox provider.

/** The learner's current selection for one year: the course ids of the last sign-up. */
export const courseSelections = pgTable(
  'course_selections',
  {
    learnerId: integer('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    year: integer('year')
      .notNull()
      .references(() => academicYears.year),
    courseIds: integer('course_ids').array().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.learnerId, table.year] })],
);
