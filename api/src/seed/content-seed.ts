import { and, count, eq } from 'drizzle-orm';
import {
  advertisements,
  categories,
  friendLinks,
  quickLinks,
  siteSettings,
  slides,
  TOPIC_PAGE_SLUGS,
} from '../content/content-schema';
import { storeArticles, storeTopicPages } from '../content/content-writes';
import { sanitizeRichText } from '../content/rich-text';
import { buildSeedArticles, demoArticleIdeas } from './article-templates';
import type { SeedPart } from './seed-part';
import { beijingYearOf } from '@yaoshi/contracts/beijing-time';
import { ASSOCIATION, CATEGORY_SEED, demoSiteOf } from './site-content';

/**
 * The public site: settings, navigation, articles, links, slides, advertisements, topic
 * pages. Written as one unit: the site settings row, required by every page, marks the
 * content as present (seeded or set up by hand), and then none of it is touched.
 */
/**
 * Reference data, written in production too: the article categories every list and every
 * article points at. Regions need no rows: they are rules in shared/contracts.
 */
export const seedCategories: SeedPart = async ({ tx }) => {
  const [existing] = await tx.select({ n: count() }).from(categories);
  if ((existing?.n ?? 0) > 0) return false;
  await tx.insert(categories).values(CATEGORY_SEED.map((category, index) => ({ ...category, sortOrder: index + 1 })));
  return true;
};

export const seedContent: SeedPart = async ({ tx, clock }) => {
  const [existing] = await tx.select({ n: count() }).from(siteSettings);
  if ((existing?.n ?? 0) > 0) return false;
  const now = clock.now();
  const year = beijingYearOf(now);
  const site = demoSiteOf(year);
  await tx.insert(siteSettings).values({
    siteName: ASSOCIATION.name,
    wechatQrcode: ASSOCIATION.wechatQrcode,
    staffQrcode: ASSOCIATION.staffQrcode,
    owner: ASSOCIATION.name,
    address: ASSOCIATION.address,
    postcode: ASSOCIATION.postcode,
    icp: ASSOCIATION.icp,
    supervisionPhone: ASSOCIATION.supervisionPhone,
    supportPhone1: ASSOCIATION.supportPhones[0],
    supportPhone2: ASSOCIATION.supportPhones[1],
    supportPhone3: ASSOCIATION.supportPhones[2],
    workTimeAm: ASSOCIATION.workTimeAm,
    workTimePm: ASSOCIATION.workTimePm,
    iosAppUrl: ASSOCIATION.iosAppUrl,
    androidAppUrl: ASSOCIATION.androidAppUrl,
    smsSignature: ASSOCIATION.shortName,
    updatedAt: now,
  });
  // Oldest first, so ids grow with publication time as they would on a real site.
  const seedArticles = buildSeedArticles(demoArticleIdeas(year), now).sort(
    (a, b) => a.publishedAt.getTime() - b.publishedAt.getTime(),
  );
  await storeArticles(
    tx,
    seedArticles.map((article) => ({ ...article, createdAt: article.publishedAt, updatedAt: article.publishedAt })),
  );
  await tx
    .insert(friendLinks)
    .values(site.friendLinks.map((link, index) => ({ ...link, target: '_blank', sortOrder: index + 1 })));
  await tx.insert(slides).values(site.slides.map((slide, index) => ({ ...slide, sortOrder: index + 1 })));
  await tx.insert(advertisements).values([
    { kind: 'text', content: sanitizeRichText(site.textAdvertisement), sortOrder: 1 },
    { kind: 'image', ...site.imageAdvertisement, sortOrder: 2 },
  ]);
  await storeTopicPages(
    tx,
    TOPIC_PAGE_SLUGS.map((slug) => ({ slug, ...site.topicPages[slug], updatedAt: now })),
  );
  return true;
};

/**
 * The home page's quick links (issue 20: staff edit them; before, they were code). A
 * database without any gets the demo ones — also one seeded before they were data.
 */
export const seedQuickLinks: SeedPart = async ({ tx, clock }) => {
  const [existing] = await tx.select({ n: count() }).from(quickLinks);
  if ((existing?.n ?? 0) > 0) return false;
  const site = demoSiteOf(beijingYearOf(clock.now()));
  await tx.insert(quickLinks).values(site.quickLinks.map((link, index) => ({ ...link, sortOrder: index + 1 })));
  return true;
};

/** Site settings seeded before /downloadApp existed get the demo app links; links set by hand stay. */
export const seedAppLinks: SeedPart = async ({ tx }) => {
  const filled = await tx
    .update(siteSettings)
    .set({ iosAppUrl: ASSOCIATION.iosAppUrl, androidAppUrl: ASSOCIATION.androidAppUrl })
    .where(and(eq(siteSettings.iosAppUrl, ''), eq(siteSettings.androidAppUrl, '')))
    .returning({ id: siteSettings.id });
  return filled.length > 0;
};

/** Site settings seeded before SMS signatures existed get the association's short name; a signature set by hand stays. */
export const seedSmsSignature: SeedPart = async ({ tx }) => {
  const filled = await tx
    .update(siteSettings)
    .set({ smsSignature: ASSOCIATION.shortName })
    .where(eq(siteSettings.smsSignature, ''))
    .returning({ id: siteSettings.id });
  return filled.length > 0;
};
