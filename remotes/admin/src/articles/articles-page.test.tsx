import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { AdminArticle, AdminArticleList } from '@yaoshi/contracts/content-admin';
import { CONTENT_MESSAGES } from '@yaoshi/contracts/content-admin-rules';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { ArticlesPage } from './articles-page';
import { EDITOR_TEXTS } from './article-editor';

// ProseMirror needs layout APIs jsdom lacks; the editor itself is exercised in the browser test.
jest.mock('../kit/tiptap-editor', () => ({
  __esModule: true,
  default: ({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

afterEach(() => act(() => message.destroy()));

const CATEGORIES = [
  { id: 1, name: '协会动态' },
  { id: 2, name: '办事指南' },
  { id: 6, name: '联系我们' },
];

const LIST: AdminArticleList = {
  total: 2,
  rows: [
    { id: 11, title: '草稿一篇', state: 'draft', published_time: null, pinned: false, hits: 0, attachments: 0 },
    {
      id: 12,
      title: '已发布的通知',
      state: 'published',
      published_time: '2025-06-01 09:00:00',
      pinned: true,
      hits: 42,
      attachments: 1,
    },
  ],
};

function articleOf(fields: Partial<AdminArticle> & { id: number; title: string; content: string }): AdminArticle {
  const base = {
    catid: 1,
    author: '',
    source: '',
    excerpt: '',
    state: 'draft' as const,
    published_time: null,
    pinned: false,
    attachments: [],
    ...fields,
  };
  return {
    ...base,
    public_view: {
      id: base.id,
      catid: base.catid,
      title: base.title,
      published_time: '2025-06-16 10:00:00',
      post_author: base.author,
      post_source: base.source,
      post_hits: 0,
      excerpt: base.excerpt,
      content: base.content,
      attachments: base.attachments.map(({ name, url, size }) => ({ name, url, size })),
    },
  };
}

function renderPage(path = '/admin/articles') {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={[path]}>
        <ArticlesPage />
      </MemoryRouter>
    </Provider>,
  );
}

test('lists a category’s articles with state, time, pin and views; searches by title; hides 联系我们', async () => {
  const calls = stubApi({
    '/v1/category': () => ok(CATEGORIES),
    '/v1/admin/articles': () => ok(LIST),
  });
  renderPage();
  const table = await screen.findByRole('table');
  expect(await within(table).findByText('草稿一篇')).toBeInTheDocument();
  expect(within(table).getByText('草稿')).toBeInTheDocument();
  expect(within(table).getByText('已发布')).toBeInTheDocument();
  expect(within(table).getByText('2025-06-01 09:00:00')).toBeInTheDocument();
  expect(within(table).getByRole('switch', { name: '置顶：已发布的通知' })).toBeChecked();
  expect(within(table).getByText('42')).toBeInTheDocument();

  fireEvent.change(screen.getByLabelText('标题'), { target: { value: '通知' } });
  await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
  await waitFor(() =>
    expect(calls.filter((call) => call.path === '/v1/admin/articles').at(-1)?.payload).toMatchObject({
      catid: 1,
      keyword: '通知',
      page: 1,
    }),
  );

  await userEvent.click(screen.getByRole('combobox', { name: '栏目' }));
  expect(await screen.findByTitle('办事指南')).toBeInTheDocument();
  expect(screen.queryByTitle('联系我们')).not.toBeInTheDocument();
});

test('a new article needs a title and text; saved, it is created in the chosen category', async () => {
  const created = articleOf({ id: 31, title: '新的通知', content: '<p>正文</p>' });
  const calls = stubApi({
    '/v1/category': () => ok(CATEGORIES),
    '/v1/admin/articles/create': () => ok(created),
    '/v1/admin/articles/detail': () => ok(created),
  });
  renderPage('/admin/articles?new=2');
  await userEvent.click(await screen.findByRole('button', { name: /保\s*存/ }));
  expect(await screen.findByText(CONTENT_MESSAGES.titleRequired)).toBeInTheDocument();
  expect(screen.getByText(CONTENT_MESSAGES.contentRequired)).toBeInTheDocument();
  expect(calls.some((call) => call.path === '/v1/admin/articles/create')).toBe(false);

  fireEvent.change(screen.getByLabelText('标题'), { target: { value: '新的通知' } });
  fireEvent.change(screen.getByRole('textbox', { name: '正文' }), { target: { value: '<p>正文</p>' } });
  await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
  expect(await screen.findByText(EDITOR_TEXTS.saved)).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/articles/create')?.payload).toMatchObject({
    catid: 2,
    title: '新的通知',
    content: '<p>正文</p>',
    attachment_ids: [],
  });
});

test('the preview shows the article as the site will, scripts and handlers removed, attachments listed', async () => {
  const article = articleOf({
    id: 40,
    title: '带附件的文章',
    content: '<p>看得见</p><img src="x" onerror="window.hacked=1"><script>window.hacked=1</script>',
    attachments: [{ id: 5, name: '报名表.pdf', size: 2048, url: '/media/content/a.pdf' }],
  });
  stubApi({
    '/v1/category': () => ok(CATEGORIES),
    '/v1/admin/articles/detail': () => ok(article),
  });
  renderPage('/admin/articles?edit=40');
  expect(await screen.findByDisplayValue('带附件的文章')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /预\s*览/ }));
  const preview = await screen.findByRole('article', { name: '文章预览' });
  expect(within(preview).getByRole('heading', { name: '带附件的文章' })).toBeInTheDocument();
  expect(within(preview).getByText('看得见')).toBeInTheDocument();
  expect(preview.querySelector('script')).toBeNull();
  expect(preview.querySelector('[onerror]')).toBeNull();
  expect(within(preview).getByRole('link', { name: '报名表.pdf' })).toHaveAttribute('download', '报名表.pdf');
});

test('publishing now sends no time: the server takes its own clock', async () => {
  const article = articleOf({ id: 50, title: '定时', content: '<p>x</p>' });
  const calls = stubApi({
    '/v1/category': () => ok(CATEGORIES),
    '/v1/admin/articles/detail': () => ok(article),
    '/v1/admin/articles/publish': () => ok({ ...article, state: 'published' }),
  });
  renderPage('/admin/articles?edit=50');
  expect(await screen.findByDisplayValue('定时')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /发\s*布/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
  expect(await screen.findByText(EDITOR_TEXTS.published)).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/articles/publish')?.payload).toEqual(
    expect.objectContaining({ id: 50 }),
  );
  expect(calls.find((call) => call.path === '/v1/admin/articles/publish')?.payload).not.toHaveProperty('at');
});
