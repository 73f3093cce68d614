import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { z } from 'zod';
import { SITE_NAME_PLACEHOLDERS, readDemoData, yearPlaceholders } from './demo-data';
import { ASSOCIATION } from './site-content';

const articleIdeaSchema = z.object({
  title: z.string().min(1),
  lead: z.string().min(1),
  points: z.array(z.string().min(1)).min(1),
});

/**
 * A demo article as written by hand: a title, a lead and a few points; the HTML around them
 * comes from one template per category below, so the site reads like a real association's
 * without 70 hand-formatted pages.
 */
export type ArticleIdea = z.infer<typeof articleIdeaSchema>;

/** The demo articles by category id (`api/demo/articles.json`), their texts set in the seeding year. */
export function demoArticleIdeas(year: number): Record<number, ArticleIdea[]> {
  return readDemoData('articles.json', z.record(z.string().regex(/^\d+$/), z.array(articleIdeaSchema)), {
    ...yearPlaceholders(year),
    ...SITE_NAME_PLACEHOLDERS,
  });
}

/**
 * One template per category turns an idea (title, lead, points) into the article a reader
 * sees: a dated news report, a service guide with steps, a formal notice, a health tip…
 * Dates and bylines vary by position so that lists look lived-in.
 */
export interface SeedArticle {
  categoryId: number;
  title: string;
  author: string;
  source: string;
  excerpt: string;
  content: string;
  hits: number;
  publishedAt: Date;
}

interface CategoryStyle {
  authors: readonly string[];
  sources: readonly string[];
  render(idea: ArticleIdea, published: Date, author: string): string;
}

const CHINESE_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

const p = (text: string) => `<p>${text}</p>`;

/** '3月12日' in Beijing time, as Chinese reports date their first sentence. */
function monthDay(time: Date): string {
  const [, month, day] = formatBeijingTime(time).slice(0, 10).split('-').map(Number);
  return `${month}月${day}日`;
}

function fullDate(time: Date): string {
  const [year, month, day] = formatBeijingTime(time).slice(0, 10).split('-').map(Number);
  return `${year}年${month}月${day}日`;
}

const consultation = p(
  `如有疑问，请在工作日（${ASSOCIATION.workTimeAm}，${ASSOCIATION.workTimePm}）拨打 ${ASSOCIATION.supportPhones.join('、')} 咨询。`,
);

const STYLES: Readonly<Record<number, CategoryStyle>> = {
  1: {
    authors: ['协会秘书处', '王晓敏', '陈志强'],
    sources: [ASSOCIATION.name],
    render: (idea, published, author) =>
      p(
        `本网讯（通讯员 ${author}）${monthDay(published)}，${idea.title.replace(/^协会/, ASSOCIATION.shortName)}。${idea.lead}`,
      ) +
      idea.points.map(p).join('') +
      p(`${ASSOCIATION.shortName}秘书处表示，将认真落实各项工作部署，更好地服务全省广大药师。`),
  },
  2: {
    authors: ['会员服务部', '继续教育部'],
    sources: [ASSOCIATION.name],
    render: (idea) =>
      `<h3>一、事项说明</h3>${p(idea.lead)}` +
      `<h3>二、办理要点</h3><ol>${idea.points.map((point) => `<li>${point}</li>`).join('')}</ol>` +
      `<h3>三、咨询方式</h3>${consultation}`,
  },
  3: {
    authors: ['继续教育部'],
    sources: [ASSOCIATION.name],
    render: (idea, published) =>
      p('各设区市药师协会、各会员单位，全省执业药师：') +
      p(idea.lead) +
      idea.points.map((point, i) => p(`${CHINESE_NUMERALS[i] ?? i + 1}、${point}`)).join('') +
      p('特此通知。') +
      `<p style="text-align:right">${ASSOCIATION.name}<br/>${fullDate(published)}</p>`,
  },
  4: {
    authors: ['宣传部', '刘思远'],
    sources: [ASSOCIATION.name, '综合整理'],
    render: (idea, _published, author) => p(idea.lead) + idea.points.map(p).join('') + p(`（编辑：${author}）`),
  },
  5: {
    authors: ['药学服务专业委员会', '张慧', '赵宁'],
    sources: [ASSOCIATION.name],
    render: (idea) =>
      p(idea.lead) +
      '<h3>药师提示</h3>' +
      idea.points.map((point, i) => p(`<strong>${i + 1}.</strong> ${point}`)).join('') +
      p('<em>温馨提示：本文为用药科普，不能替代医生诊疗；具体用药请遵医嘱或咨询药师。</em>'),
  },
  21: {
    authors: ['协会党支部', '协会工会'],
    sources: [ASSOCIATION.name],
    render: (idea, published) => p(`${monthDay(published)}，${idea.lead}`) + idea.points.map(p).join(''),
  },
  22: {
    authors: ['会员服务部', '孙悦'],
    sources: [ASSOCIATION.name],
    render: (idea) => p(idea.lead) + idea.points.map(p).join('') + p(`（${ASSOCIATION.name}会员服务部供稿）`),
  },
};

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const EXCERPT_LENGTH = 80;

function pick<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/**
 * The i-th newest article of a category is published i × 9 days (plus a per-category
 * offset) before the seed day, in working hours Beijing time, never in the future.
 */
export function publicationTime(now: Date, categoryId: number, index: number): Date {
  const beijingMidnight = Date.parse(`${formatBeijingTime(now).slice(0, 10)}T00:00:00+08:00`);
  const daysAgo = 1 + index * 9 + (categoryId % 7);
  const minutes = (index * 47 + categoryId * 13) % 420;
  return new Date(beijingMidnight - daysAgo * DAY_MS + 9 * HOUR_MS + minutes * 60 * 1000);
}

export function excerptOf(lead: string): string {
  return lead.length <= EXCERPT_LENGTH ? lead : `${lead.slice(0, EXCERPT_LENGTH - 1)}…`;
}

export function buildSeedArticles(ideas: Readonly<Record<number, readonly ArticleIdea[]>>, now: Date): SeedArticle[] {
  return Object.entries(ideas).flatMap(([key, list]) => {
    const categoryId = Number(key);
    const style = STYLES[categoryId];
    if (!style) throw new Error(`no article template for category ${categoryId}`);
    return list.map((idea, index): SeedArticle => {
      const publishedAt = publicationTime(now, categoryId, index);
      const author = pick(style.authors, index);
      return {
        categoryId,
        title: idea.title,
        author,
        source: pick(style.sources, index),
        excerpt: excerptOf(idea.lead),
        content: style.render(idea, publishedAt, author),
        // Older articles have been read more; the numbers only need to look plausible.
        hits: 40 + index * 53 + ((categoryId * 37 + index * 11) % 90),
        publishedAt,
      };
    });
  });
}
