import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { seedAssociationProfile } from './association-profile-seed';
import { seedCatalogue } from './catalogue-seed';
import { seedAppLinks, seedCategories, seedContent, seedQuickLinks, seedSmsSignature } from './content-seed';
import { seedExams } from './exam-seed';
import { seedLearners } from './learner-seed';
import { seedDemoOrders, seedLapsedRefundOrder } from './order-seed';
import { seedStudentPages } from './student-pages-seed';
import type { SeedPart } from './seed-part';
import { seedStudy } from './study-seed';

/**
 * Demo data, so `npm start` shows a living site. Each part writes one area (content,
 * learners, student pages, the course catalogue; enrolments and orders appended below) only
 * where it is missing, so a database seeded by an older version gets the newer parts on
 * its next start and nothing written by hand is overwritten. All parts share one
 * transaction: a failure leaves the database as it was.
 */
/** What a production database holds from its first start: reference data only. */
export const REFERENCE_PARTS: readonly SeedPart[] = [seedCategories];

/** Demo content, learners, orders… for development (`npm start`) and `npm run seed:demo`; never production. */
export const DEMO_PARTS: readonly SeedPart[] = [
  seedContent,
  seedQuickLinks,
  seedAppLinks,
  seedSmsSignature,
  seedAssociationProfile,
  seedLearners,
  seedStudentPages,
  seedCatalogue,
  seedDemoOrders,
  seedLapsedRefundOrder,
  seedStudy,
  // After the study part: 王芳's papers need her courses of the current year (issue 16 item 2).
  seedExams,
];

export const SEED_PARTS: readonly SeedPart[] = [...REFERENCE_PARTS, ...DEMO_PARTS];

/** Seeds whatever demo data is missing; returns whether anything was written. Safe on every start. */
export async function seedMissing(
  db: Database,
  clock: Clock,
  parts: readonly SeedPart[] = SEED_PARTS,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    let wrote = false;
    for (const part of parts) wrote = (await part({ tx, clock })) || wrote;
    return wrote;
  });
}
