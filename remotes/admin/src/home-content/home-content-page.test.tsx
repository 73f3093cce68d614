import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import type { HomeContent } from '@yaoshi/contracts/content-admin';
import { CONTENT_MESSAGES } from '@yaoshi/contracts/content-admin-rules';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { HOME_PAGE_TEXTS, HomeContentPage } from './home-content-page';

// ProseMirror needs layout APIs jsdom lacks; the editor itself is exercised in the browser test.
jest.mock('../kit/tiptap-editor', () => ({
  __esModule: true,
  default: ({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

afterEach(() => act(() => message.destroy()));

const HOME: HomeContent = {
  slides: [
    { title: '报名开始', image: '/media/slides/a.svg', url: '/newDetail?api=education', enabled: true },
    { title: '合理用药', image: '/media/slides/b.svg', url: '', enabled: false },
  ],
  text_ad: { content: '<p>年度报名</p>', enabled: true, starts_on: null, ends_on: null },
  image_ad: {
    image_url: '/media/ads/float.svg',
    link_url: '/signStudy',
    enabled: true,
    starts_on: null,
    ends_on: null,
  },
  quick_links: [{ label: '学分查询', url: '/newDetail?api=credit', enabled: true }],
};

function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <HomeContentPage />
    </Provider>,
  );
}

test('shows the slides, advertisements and quick links; reorders and saves the slides', async () => {
  const calls = stubApi({
    '/v1/admin/home': () => ok(HOME),
    '/v1/admin/home/slides/save': (call) => ok({ ...HOME, ...call.payload }),
  });
  renderPage();
  expect(await screen.findByDisplayValue('报名开始')).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: '第 2 张显示' })).not.toBeChecked();
  expect(await screen.findByLabelText('文字广告内容')).toHaveValue('<p>年度报名</p>');
  expect(screen.getByLabelText('浮动广告链接')).toHaveValue('/signStudy');
  expect(screen.getByLabelText('快捷入口 1 名称')).toHaveValue('学分查询');

  const second = screen.getByText('第 2 张').closest('.ant-card') as HTMLElement;
  await userEvent.click(within(second).getByRole('button', { name: /上\s*移/ }));
  await userEvent.click(screen.getByRole('button', { name: HOME_PAGE_TEXTS.saveSlides }));
  expect(await screen.findByText(HOME_PAGE_TEXTS.slidesSaved)).toBeInTheDocument();
  const saved = calls.find((call) => call.path === '/v1/admin/home/slides/save')?.payload as HomeContent;
  expect(saved.slides.map((slide) => slide.title)).toEqual(['合理用药', '报名开始']);
});

test('refuses a bad link, an enabled text ad without text and an end before the start, before sending anything', async () => {
  const calls = stubApi({ '/v1/admin/home': () => ok(HOME) });
  renderPage();
  fireEvent.change(await screen.findByLabelText('第 1 张链接'), { target: { value: 'javascript:alert(1)' } });
  await userEvent.click(screen.getByRole('button', { name: HOME_PAGE_TEXTS.saveSlides }));
  expect(await screen.findByText(CONTENT_MESSAGES.linkInvalid)).toBeInTheDocument();

  fireEvent.change(await screen.findByLabelText('文字广告内容'), { target: { value: '' } });
  await userEvent.click(screen.getByRole('button', { name: HOME_PAGE_TEXTS.saveAds }));
  expect(await screen.findByText(CONTENT_MESSAGES.textAdRequired)).toBeInTheDocument();

  fireEvent.change(screen.getByLabelText('快捷入口 1 名称'), { target: { value: '' } });
  await userEvent.click(screen.getByRole('button', { name: HOME_PAGE_TEXTS.saveQuickLinks }));
  expect(await screen.findByText(CONTENT_MESSAGES.quickLinkLabelRequired)).toBeInTheDocument();
  expect(calls.filter((call) => call.path.endsWith('/save'))).toEqual([]);
});

test('saves the advertisements switched off, and the quick links', async () => {
  const calls = stubApi({
    '/v1/admin/home': () => ok(HOME),
    '/v1/admin/home/ads/save': (call) => ok({ ...HOME, ...call.payload }),
    '/v1/admin/home/quick_links/save': (call) => ok({ ...HOME, ...call.payload }),
  });
  renderPage();
  await userEvent.click(await screen.findByRole('switch', { name: '启用浮动广告' }));
  await userEvent.click(screen.getByRole('button', { name: HOME_PAGE_TEXTS.saveAds }));
  expect(await screen.findByText(HOME_PAGE_TEXTS.adsSaved)).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/home/ads/save')?.payload).toMatchObject({
    text_ad: { content: '<p>年度报名</p>', enabled: true },
    image_ad: { image_url: '/media/ads/float.svg', enabled: false },
  });

  await userEvent.click(screen.getByRole('button', { name: HOME_PAGE_TEXTS.addQuickLink }));
  fireEvent.change(screen.getByLabelText('快捷入口 2 名称'), { target: { value: '推广报名' } });
  fireEvent.change(screen.getByLabelText('快捷入口 2 链接'), { target: { value: '/newDetail?api=promote' } });
  await userEvent.click(screen.getByRole('button', { name: HOME_PAGE_TEXTS.saveQuickLinks }));
  expect(await screen.findByText(HOME_PAGE_TEXTS.quickLinksSaved)).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/home/quick_links/save')?.payload).toMatchObject({
    quick_links: [
      { label: '学分查询', url: '/newDetail?api=credit', enabled: true },
      { label: '推广报名', url: '/newDetail?api=promote', enabled: true },
    ],
  });
});

test('a failed load offers a retry', async () => {
  stubApi({ '/v1/admin/home': () => fail(500, '服务器开小差了') });
  renderPage();
  expect(await screen.findByText(HOME_PAGE_TEXTS.loadError)).toBeInTheDocument();
});
