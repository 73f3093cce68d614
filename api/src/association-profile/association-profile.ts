import { eq } from 'drizzle-orm';
import type { AssociationIntroduction, AssociationProfile } from '@yaoshi/contracts/association-profile';
import type { Audit } from '../audit/audit-log';
import type { Clock } from '../clock';
import { siteSettings } from '../content/content-schema';
import { sanitizeRichText } from '../content/rich-text';
import type { Database } from '../db/database';
import { studentPages } from '../student-pages/student-pages-schema';

/**
 * The association's profile (issue 20), stored in the one site-settings row and, for the
 * learner agreement, the student page 'agreement'. A database without a settings row (a
 * fresh production database) has an empty profile: nothing here names an association.
 */

const EMPTY_PROFILE: AssociationProfile = {
  name: '',
  short_name: '',
  sms_signature: '',
  introduction: [],
  charter: '',
  contact: { address: '', postcode: '', supervision_phone: '', support_phones: [], longitude: null, latitude: null },
  footer_lines: [],
  privacy_policy: '',
  learner_agreement: '',
};

async function readAgreement(db: Database): Promise<string> {
  const [page] = await db
    .select({ content: studentPages.content })
    .from(studentPages)
    .where(eq(studentPages.slug, 'agreement'))
    .limit(1);
  return page?.content ?? '';
}

export async function readAssociationProfile(db: Database): Promise<AssociationProfile> {
  const [row] = await db.select().from(siteSettings).limit(1);
  const learnerAgreement = await readAgreement(db);
  if (!row) return { ...EMPTY_PROFILE, learner_agreement: learnerAgreement };
  return {
    name: row.siteName,
    short_name: row.shortName,
    sms_signature: row.smsSignature,
    introduction: row.introduction,
    charter: row.charter,
    contact: {
      address: row.address,
      postcode: row.postcode,
      supervision_phone: row.supervisionPhone,
      support_phones: [row.supportPhone1, row.supportPhone2, row.supportPhone3 ?? ''].filter((phone) => phone !== ''),
      longitude: row.mapLongitude,
      latitude: row.mapLatitude,
    },
    footer_lines: row.footerLines,
    privacy_policy: row.privacyPolicy,
    learner_agreement: learnerAgreement,
  };
}

export async function readAssociationIntroduction(db: Database): Promise<AssociationIntroduction> {
  const [row] = await db
    .select({ name: siteSettings.siteName, introduction: siteSettings.introduction, charter: siteSettings.charter })
    .from(siteSettings)
    .limit(1);
  return row ?? { name: '', introduction: [], charter: '' };
}

/** The profile as stored: HTML sanitized, like every other rich text the server keeps. */
function storedForm(profile: AssociationProfile): AssociationProfile {
  return {
    ...profile,
    introduction: profile.introduction.map((chapter) => ({
      title: chapter.title,
      html: sanitizeRichText(chapter.html),
    })),
    charter: sanitizeRichText(profile.charter),
    footer_lines: profile.footer_lines.filter((line) => line !== ''),
    privacy_policy: sanitizeRichText(profile.privacy_policy),
    learner_agreement: sanitizeRichText(profile.learner_agreement),
  };
}

/** Replaces the whole profile, in `tx`, with its audit record (before and after). */
export async function updateAssociationProfile(
  tx: Database,
  clock: Clock,
  audit: Audit,
  input: AssociationProfile,
): Promise<AssociationProfile> {
  const before = await readAssociationProfile(tx);
  const profile = storedForm(input);
  const now = clock.now();
  const [phone1 = '', phone2 = '', phone3 = ''] = profile.contact.support_phones;
  const values = {
    siteName: profile.name,
    // 主办单位 in the footer: the association itself.
    owner: profile.name,
    shortName: profile.short_name,
    smsSignature: profile.sms_signature,
    introduction: profile.introduction,
    charter: profile.charter,
    address: profile.contact.address,
    postcode: profile.contact.postcode,
    supervisionPhone: profile.contact.supervision_phone,
    supportPhone1: phone1,
    supportPhone2: phone2,
    supportPhone3: phone3 === '' ? null : phone3,
    mapLongitude: profile.contact.longitude,
    mapLatitude: profile.contact.latitude,
    footerLines: profile.footer_lines,
    privacyPolicy: profile.privacy_policy,
    updatedAt: now,
  };
  await tx
    .insert(siteSettings)
    .values({
      id: 1,
      wechatQrcode: '',
      staffQrcode: '',
      icp: '',
      workTimeAm: '',
      workTimePm: '',
      ...values,
    })
    .onConflictDoUpdate({ target: siteSettings.id, set: values });
  await tx
    .insert(studentPages)
    .values({ slug: 'agreement', content: profile.learner_agreement, updatedAt: now })
    .onConflictDoUpdate({ target: studentPages.slug, set: { content: profile.learner_agreement, updatedAt: now } });
  const after = await readAssociationProfile(tx);
  await audit({ action: 'association.profile-update', target: profile.name, before, after });
  return after;
}
