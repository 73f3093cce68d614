import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { siteSettings } from '../content/content-schema';
import { sanitizeRichText } from '../content/rich-text';
import { SITE_NAME_PLACEHOLDERS, readDemoData } from './demo-data';
import type { SeedPart } from './seed-part';
import { ASSOCIATION } from './site-content';

const demoProfileSchema = z.object({
  introduction: z.array(z.object({ title: z.string().min(1), html: z.string().min(1) })).min(1),
  charter: z.string().min(1),
  map: z.object({ longitude: z.number(), latitude: z.number() }),
  footerLines: z.array(z.string()),
  privacyPolicy: z.string(),
});
export type DemoProfile = z.infer<typeof demoProfileSchema>;

/** The demo association's introduction, charter, map point, footer and privacy policy (`api/demo/association-profile.json`). */
export function demoAssociationProfile(): DemoProfile {
  return readDemoData('association-profile.json', demoProfileSchema, {
    ...SITE_NAME_PLACEHOLDERS,
    association: ASSOCIATION,
  });
}

/**
 * The profile parts of issue 20 on the demo site, written once: while the settings row has no
 * short name (a row seeded before issue 20, or just written by seedContent). A profile that
 * staff filled in has one and is never touched. Without a settings row there is nothing to fill.
 */
export const seedAssociationProfile: SeedPart = async ({ tx, clock }) => {
  const [row] = await tx.select({ shortName: siteSettings.shortName }).from(siteSettings).limit(1);
  if (!row || row.shortName !== '') return false;
  const profile = demoAssociationProfile();
  await tx
    .update(siteSettings)
    .set({
      shortName: ASSOCIATION.shortName,
      introduction: profile.introduction.map((chapter) => ({
        title: chapter.title,
        html: sanitizeRichText(chapter.html),
      })),
      charter: sanitizeRichText(profile.charter),
      mapLongitude: profile.map.longitude,
      mapLatitude: profile.map.latitude,
      footerLines: profile.footerLines,
      privacyPolicy: sanitizeRichText(profile.privacyPolicy),
      updatedAt: clock.now(),
    })
    .where(eq(siteSettings.id, 1));
  return true;
};
