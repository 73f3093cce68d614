import type { SiteSettings } from '@yaoshi/contracts/content';
import { TEST_SITE } from '../testing/site-settings';
import { TEST_ARTICLE } from '../testing/article';
import { SERVER_PAGES, SERVER_RENDER_API, renderPage } from './render';

const article = TEST_ARTICLE;

describe('the server bundle renders the public pages from the data the server read', () => {
  test("an article: breadcrumb with its category, its title and first paragraph, as the browser's page draws them", () => {
    const html = renderPage({ page: 'article', article, categoryName: '协会动态' }, '/associationNewsDetail?postid=7');
    expect(html).toContain(
      '<h1 style="font-size:24px;text-align:center;margin:0 0 12px">关于开展2025年度继续教育的通知</h1>',
    );
    expect(html).toContain('<p>各会员单位：现将有关事项通知如下。</p>');
    expect(html).toContain('href="/newsList?newsId=1"');
    expect(html).toContain('作者：<!-- -->协会秘书处');
  });

  test("an article's own headings sit under its title: an <h3> right under the <h1> becomes an <h2>", () => {
    const html = renderPage(
      { page: 'article', article: { ...article, content: '<h3>一、工作目标</h3><p>正文</p>' } },
      '/associationNewsDetail?postid=7',
    );
    expect(html).toContain('<h2>一、工作目标</h2>');
    expect(html).not.toContain('<h3>');
  });

  test('a news list: every title linked to its article', () => {
    const html = renderPage(
      {
        page: 'list',
        categoryId: 2,
        categoryName: '办事指南',
        list: { total: 1, data: [{ id: 9, title: '执业药师注册指南', published_time: '2025-06-01 09:00:00' }] },
      },
      '/newsList?newsId=2',
    );
    expect(html).toMatch(/<a [^>]*href="\/associationNewsDetail\?postid=9&amp;newsId=2"[^>]*>执业药师注册指南<\/a>/);
    expect(html).toContain('2025-06-01');
  });

  test("a news list is the browser's two columns: 站内搜索 as a GET form, 联系我们, the pager as links", () => {
    const html = renderPage(
      {
        page: 'list',
        categoryId: 1,
        categoryName: '协会动态',
        list: {
          total: 40,
          data: Array.from({ length: 15 }, (_, i) => ({
            id: 100 + i,
            title: `第${16 + i}条`,
            published_time: '2025-06-01 09:00:00',
          })),
        },
        site: { site_address: '某市某路1号', site_support_phone1: '0000-1234567' } as SiteSettings,
      },
      '/newsList?newsId=1&currentNavIdx=1&page=2',
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    // The search keeps the category (and the navigation's index) and starts again at page 1.
    const search = page.querySelector<HTMLFormElement>('form[role="search"]');
    expect(search?.getAttribute('action')).toBe('/newsList');
    expect(search?.getAttribute('method')).toBe('get');
    expect([...new FormData(search ?? undefined).entries()]).toEqual([
      ['newsId', '1'],
      ['currentNavIdx', '1'],
      ['keyword', ''],
    ]);
    expect(page.querySelector('aside')).toHaveTextContent('某市某路1号');
    // The pager: page 2 current, the others links to their addresses.
    const pager = page.querySelector('nav[aria-label="分页"]');
    expect(pager).toHaveTextContent('共 40 条');
    expect(pager?.querySelector('[aria-label="第 3 页"]')?.getAttribute('href')).toBe(
      '/newsList?newsId=1&currentNavIdx=1&page=3',
    );
    expect(pager?.querySelector('[aria-label="第 1 页"]')?.getAttribute('href')).toBe(
      '/newsList?newsId=1&currentNavIdx=1',
    );
    expect(pager?.querySelector('[aria-current="page"]')).toHaveTextContent('2');
    expect(page.querySelector('section ul li a')).toHaveTextContent('第16条');
    // One heading for the list (the box's), the page's h1 for readers: not the name twice on screen.
    expect(html.match(/<h1/g)).toHaveLength(1);
  });

  test('a topic page', () => {
    const html = renderPage(
      { page: 'topic', topic: { title: '继续教育', content: '<p>学习说明</p>' } },
      '/newDetail?api=education',
    );
    expect(html).toContain('继续教育</h1>');
    expect(html).toContain('<p>学习说明</p>');
  });

  test('/verify: a search form that works without script', () => {
    const html = renderPage({ page: 'verify', no: '' }, '/verify');
    expect(html).toMatch(/<form [^>]*action="\/verify" method="get"/);
    expect(html).toContain('name="no"');
    expect(html).toContain('请输入学时证明上的证书编号');
  });

  test("/verify?no=…: the lookup's answer with the masked name only", () => {
    const html = renderPage(
      {
        page: 'verify',
        no: 'XS2025ABCDEFGH12',
        result: {
          certificate_no: 'XS2025ABCDEFGH12',
          verdict: 'genuine',
          name_masked: '王*',
          year: 2025,
          class_hour: 90,
          issuer: '省执业药师协会',
          issued_on: '2025-12-01',
          revoked_on: null,
        },
      },
      '/verify?no=XS2025ABCDEFGH12',
    );
    expect(html).toContain('该学时证明真实有效');
    expect(html).toContain('王*');
    expect(html).toContain('90.0<!-- -->学时');
    expect(html).not.toContain('正在查询');
    // The answer goes with the page, for the browser's page to take instead of a second lookup.
    const json = /<script type="application\/json" id="verify-server-answer">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null')).toMatchObject({ no: 'XS2025ABCDEFGH12', result: { verdict: 'genuine' } });
  });

  test('the home page: the first slide, association news and both tabbed lists with their titles, the quick links', () => {
    const summary = (id: number, title: string) => ({
      id,
      title,
      published_time: `2025-06-0${id} 09:00:00`,
      post_author: '',
      post_source: '',
      post_hits: 0,
      excerpt: '',
    });
    const html = renderPage(
      {
        page: 'home',
        slides: [{ image: '/media/slide-1.jpg', title: '年会召开', url: '' }],
        quickLinks: [{ label: '学时查询', url: '/studentsNote' }],
        lists: [
          { categoryId: 1, articles: [summary(1, '协会召开理事会')] },
          { categoryId: 4, articles: [summary(2, '新版药典发布')] },
          { categoryId: 3, articles: [summary(3, '2026年度继续教育开课')] },
        ],
      },
      '/',
    );
    expect(html).toContain('首页</h1>');
    expect(html).toMatch(/<img src="\/media\/slide-1.jpg" alt="年会召开"/);
    for (const title of ['协会召开理事会', '新版药典发布', '2026年度继续教育开课', '学时查询', '执业药师继续教育'])
      expect(html).toContain(title);
    expect(html).toContain('href="/associationNewsDetail?postid=1&amp;newsId=1"');
  });

  test("协会简介: the association's chapters and charter", () => {
    const html = renderPage(
      {
        page: 'introduction',
        introduction: {
          name: '省执业药师协会',
          introduction: [{ title: '协会概况', html: '<p>成立于2003年。</p>' }],
          charter: '<p>第一条</p>',
        },
      },
      '/associationIntroduce',
    );
    expect(html).toContain('省执业药师协会</h1>');
    expect(html).toContain('协会概况');
    expect(html).toContain('<p>成立于2003年。</p>');
    expect(html).toContain('协会章程');
  });

  test('联系我们, 下载APP and 通知公告 from the site settings', () => {
    const site = TEST_SITE;
    const contact = renderPage({ page: 'contact', site }, '/contactUs');
    expect(contact).toContain('联系我们</h1>');
    expect(contact).toContain('省会市健康路1号');
    expect(contact).toContain('0100-7654321');
    const app = renderPage({ page: 'app', site }, '/downloadApp');
    expect(app).toContain('省执业药师协会<!-- --> 继续教育APP');
    expect(app).toContain('iOS 版<!-- -->暂未上架');
    expect(app).toContain('href="https://example.org/app.apk"');
    expect(renderPage({ page: 'notice' }, '/notice')).toContain('暂无通知公告');
  });

  test('speaks the contract version the server expects, and names the pages it renders', () => {
    expect(SERVER_RENDER_API).toBe(1);
    expect(SERVER_PAGES).toEqual(
      expect.arrayContaining([
        'article',
        'list',
        'topic',
        'verify',
        'home',
        'introduction',
        'contact',
        'notice',
        'app',
      ]),
    );
  });
});
