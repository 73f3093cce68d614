import { asc } from 'drizzle-orm';
import type { HomeContent, HomeSlide, ImageAd, QuickLink, TextAd } from '@yaoshi/contracts/content-admin';
import type { Audit } from '../audit/audit-log';
import type { Database } from '../db/database';
import { advertisements, quickLinks, slides } from '../content/content-schema';
import { sanitizeRichText } from '../content/rich-text';

/**
 * The home page in the console (首页管理, issue 20): the carousel, the text and floating
 * image advertisements, the quick links. Each part is saved whole, in order, with its audit
 * record (before and after); the public calls (/v1/slide, /v1/adv, /v1/quick_links) read
 * what was saved on the next page load.
 */

export async function readHomeContent(db: Database): Promise<HomeContent> {
  const slideRows = await db.select().from(slides).orderBy(asc(slides.sortOrder), asc(slides.id));
  const adRows = await db.select().from(advertisements).orderBy(asc(advertisements.sortOrder), asc(advertisements.id));
  const linkRows = await db.select().from(quickLinks).orderBy(asc(quickLinks.sortOrder), asc(quickLinks.id));
  const text = adRows.find((row) => row.kind === 'text');
  const image = adRows.find((row) => row.kind === 'image');
  return {
    slides: slideRows.map((row) => ({ title: row.title, image: row.image, url: row.url, enabled: row.enabled })),
    text_ad: {
      content: text?.content ?? '',
      enabled: text?.enabled ?? false,
      starts_on: text?.startsOn ?? null,
      ends_on: text?.endsOn ?? null,
    },
    image_ad: {
      image_url: image?.imageUrl ?? '',
      link_url: image?.linkUrl ?? '',
      enabled: image?.enabled ?? false,
      starts_on: image?.startsOn ?? null,
      ends_on: image?.endsOn ?? null,
    },
    quick_links: linkRows.map((row) => ({ label: row.label, url: row.url, enabled: row.enabled })),
  };
}

export async function saveSlides(tx: Database, audit: Audit, input: readonly HomeSlide[]): Promise<HomeContent> {
  const before = await readHomeContent(tx);
  await tx.delete(slides);
  if (input.length > 0)
    await tx.insert(slides).values(input.map((slide, index) => ({ ...slide, sortOrder: index + 1 })));
  const after = await readHomeContent(tx);
  await audit({
    action: 'home.slides-update',
    target: `轮播图${after.slides.length}张`,
    before: before.slides,
    after: after.slides,
  });
  return after;
}

/** One row per kind: an advertisement switched off keeps its content for later. */
export async function saveAdvertisements(
  tx: Database,
  audit: Audit,
  input: { text_ad: TextAd; image_ad: ImageAd },
): Promise<HomeContent> {
  const before = await readHomeContent(tx);
  await tx.delete(advertisements);
  const rows: (typeof advertisements.$inferInsert)[] = [];
  const text = sanitizeRichText(input.text_ad.content);
  if (text !== '' || input.text_ad.enabled)
    rows.push({
      kind: 'text',
      content: text,
      enabled: input.text_ad.enabled,
      startsOn: input.text_ad.starts_on,
      endsOn: input.text_ad.ends_on,
      sortOrder: 1,
    });
  if (input.image_ad.image_url !== '')
    rows.push({
      kind: 'image',
      imageUrl: input.image_ad.image_url,
      linkUrl: input.image_ad.link_url === '' ? null : input.image_ad.link_url,
      enabled: input.image_ad.enabled,
      startsOn: input.image_ad.starts_on,
      endsOn: input.image_ad.ends_on,
      sortOrder: 2,
    });
  if (rows.length > 0) await tx.insert(advertisements).values(rows);
  const after = await readHomeContent(tx);
  await audit({
    action: 'home.ads-update',
    target: '首页广告',
    before: { text_ad: before.text_ad, image_ad: before.image_ad },
    after: { text_ad: after.text_ad, image_ad: after.image_ad },
  });
  return after;
}

export async function saveQuickLinks(tx: Database, audit: Audit, input: readonly QuickLink[]): Promise<HomeContent> {
  const before = await readHomeContent(tx);
  await tx.delete(quickLinks);
  if (input.length > 0)
    await tx.insert(quickLinks).values(input.map((link, index) => ({ ...link, sortOrder: index + 1 })));
  const after = await readHomeContent(tx);
  await audit({
    action: 'home.quick-links-update',
    target: `快捷入口${after.quick_links.length}个`,
    before: before.quick_links,
    after: after.quick_links,
  });
  return after;
}
