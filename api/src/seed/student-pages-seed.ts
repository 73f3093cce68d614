import { z } from 'zod';
import { sanitizeRichText } from '../content/rich-text';
import { studentPages } from '../student-pages/student-pages-schema';
import { SITE_NAME_PLACEHOLDERS, readDemoData } from './demo-data';
import type { SeedPart } from './seed-part';
import { ASSOCIATION } from './site-content';

const studentPagesSchema = z.object({
  /** /studentsNote (spec 01 §2): a banner, the study-and-assessment process, the notice. */
  studentsNote: z.object({ thumb: z.string(), excerpt: z.string().min(1), content: z.string().min(1) }),
  /** /agreement (spec 02): the learner agreement and privacy policy (AGREEMENT_NAME), as HTML. */
  agreement: z.string().min(1),
});

/** The demo association's student notice and agreement (`api/demo/student-pages.json`). */
export function demoStudentPages(): z.infer<typeof studentPagesSchema> {
  return readDemoData('student-pages.json', studentPagesSchema, {
    ...SITE_NAME_PLACEHOLDERS,
    association: ASSOCIATION,
  });
}

/** The student notice and the agreement, each written only when missing. */
export const seedStudentPages: SeedPart = async ({ tx, clock }) => {
  const now = clock.now();
  const { studentsNote, agreement } = demoStudentPages();
  const inserted = await tx
    .insert(studentPages)
    .values([
      { slug: 'students-note', ...studentsNote, content: sanitizeRichText(studentsNote.content), updatedAt: now },
      { slug: 'agreement', content: sanitizeRichText(agreement), updatedAt: now },
    ])
    .onConflictDoNothing()
    .returning({ slug: studentPages.slug });
  return inserted.length > 0;
};
