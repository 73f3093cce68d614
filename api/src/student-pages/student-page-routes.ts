import { eq } from 'drizzle-orm';
import { accountEndpoints } from '@yaoshi/contracts/accounts';
import type { Database } from '../db/database';
import { siteSettings } from '../content/content-schema';
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
  // The one document AGREEMENT_NAME: the learner agreement, then the profile's privacy policy (issue 20).
  const agreement = async () => {
    const page = await readStudentPage(db, 'agreement');
    const [settings] = await db.select({ privacyPolicy: siteSettings.privacyPolicy }).from(siteSettings).limit(1);
    const privacyPolicy = settings?.privacyPolicy ?? '';
    return { agreement: privacyPolicy === '' ? page.content : `${page.content}\n${privacyPolicy}` };
  };
  api.add(accountEndpoints.agreement, agreement);
  api.add(accountEndpoints.publicAgreement, agreement);
};
