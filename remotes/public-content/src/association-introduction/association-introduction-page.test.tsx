import { screen, within } from '@testing-library/react';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { renderPage } from '../testing/render-page';
import AssociationIntroductionPage, {
  CHARTER_LABEL,
  INTRODUCTION_EMPTY_TEXT,
  INTRODUCTION_ERROR_TEXT,
  chapterAnchor,
} from './association-introduction-page';

const INTRODUCTION = {
  name: '浙江省药师协会',
  introduction: [
    { title: '协会概况', html: '<p>浙江省药师协会是全省药师的专业组织。</p><img src="x" onerror="alert(1)">' },
    { title: '组织机构', html: '<p>理事会、监事会和秘书处。</p>' },
  ],
  charter: '<h3>第一章　总则</h3><p>第一条　本会名称为浙江省药师协会。</p><script>window.hacked = 1</script>',
};

test('the chapters and the charter come from the association profile, sanitized, with a table of contents', async () => {
  stubApi({ '/v1/association_introduction': () => ok(INTRODUCTION) });
  renderPage(<AssociationIntroductionPage />);
  expect(await screen.findByRole('heading', { name: '浙江省药师协会', level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: '当前位置' })).toHaveTextContent('首页/协会简介');
  const toc = screen.getByRole('navigation', { name: '目录' });
  INTRODUCTION.introduction.forEach((chapter, index) => {
    expect(within(toc).getByRole('link', { name: chapter.title })).toHaveAttribute('href', `#${chapterAnchor(index)}`);
    expect(screen.getByRole('heading', { name: chapter.title, level: 2 })).toHaveAttribute('id', chapterAnchor(index));
  });
  expect(within(toc).getByRole('link', { name: CHARTER_LABEL })).toHaveAttribute('href', '#charter');
  expect(screen.getByText('浙江省药师协会是全省药师的专业组织。')).toBeInTheDocument();
  expect(screen.getByText(/本会名称为浙江省药师协会/)).toBeInTheDocument();
  expect(document.querySelector('script')).toBeNull();
  expect(document.querySelector('[onerror]')).toBeNull();
  expect(document.body.textContent).not.toContain('江苏');
});

test('an empty profile says the introduction is not published yet', async () => {
  stubApi({ '/v1/association_introduction': () => ok({ name: '', introduction: [], charter: '' }) });
  renderPage(<AssociationIntroductionPage />);
  expect(await screen.findByText(INTRODUCTION_EMPTY_TEXT)).toBeInTheDocument();
});

test('a failed load says so', async () => {
  stubApi({ '/v1/association_introduction': () => fail(500, '服务器错误') });
  renderPage(<AssociationIntroductionPage />);
  expect(await screen.findByText(INTRODUCTION_ERROR_TEXT)).toBeInTheDocument();
});
