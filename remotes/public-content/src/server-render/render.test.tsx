import { SERVER_RENDER_API, renderPage } from './render';

const article = {
  title: '关于开展2025年度继续教育的通知',
  catid: 1,
  post_author: '协会秘书处',
  post_source: '本站',
  post_hits: 12,
  published_time: '2025-06-16 10:00:00',
  content: '<p>各会员单位：现将有关事项通知如下。</p><p>第二段。</p>',
  attachments: [],
};

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
    expect(html).toContain('<a href="/associationNewsDetail?postid=9&amp;newsId=2">执业药师注册指南</a>');
    expect(html).toContain('2025-06-01');
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

  test('speaks the contract version the server expects', () => {
    expect(SERVER_RENDER_API).toBe(1);
  });
});
