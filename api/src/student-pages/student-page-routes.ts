import { eq } from 'drizzle-orm';
import { accountEndpoints } from '@yaoshi/contracts/accounts';
import type { Database } from '../db/database';
import { studentPages, type StudentPageSlug } from './student-pages-schema';
import { notFound } from '../envelope/api-error';
import type { RouteModule } from '../app-deps';
import { MESSAGES } from '../messages';

async function readStudentPage(db: Database, slug: StudentPageSlug) {
  const [page] = await db.select().from(studentPages).where(eq(studentPages.slug, slug)).limit(1);
  if (!page) throw notFound(MESSAGES.studentPageMissing);
  return page;
}

/**
 * /studentsNote and /agreement: texts of the student area, for signed-in learners. The
 * agreement (learner agreement and privacy policy) is also public: the login box asks a
 * visitor to agree to it before logging in.
 */
export const studentPageRoutes: RouteModule = (api, { db }) => {
  api.add(accountEndpoints.pcNotes, async () => {
    const page = await readStudentPage(db, 'students-note');
    return { thumb: page.thumb, excerpt: page.excerpt, content: page.content };
  });
  const agreement = async () => ({ agreement: (await readStudentPage(db, 'agreement')).content });
  api.add(accountEndpoints.agreement, agreement);
  api.add(accountEndpoints.publicAgreement, agreement);
};
