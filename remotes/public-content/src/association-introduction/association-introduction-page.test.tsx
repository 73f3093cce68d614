import { screen, within } from '@testing-library/react';
import { renderPage } from '../testing/render-page';
import AssociationIntroductionPage from './association-introduction-page';
import { CHAPTERS } from './articles-of-association';

test('breadcrumb, table of contents and eight chapters with the charter figures', () => {
  renderPage(<AssociationIntroductionPage />);
  expect(screen.getByRole('navigation', { name: '当前位置' })).toHaveTextContent('首页/协会简介');
  expect(CHAPTERS).toHaveLength(8);
  const toc = screen.getByRole('navigation', { name: '目录' });
  for (const chapter of CHAPTERS) {
    expect(within(toc).getByRole('link', { name: chapter.title })).toHaveAttribute('href', `#${chapter.id}`);
    expect(screen.getByRole('heading', { name: chapter.title, level: 3 })).toHaveAttribute('id', chapter.id);
  }
  const text = document.body.textContent ?? '';
  for (const figure of [
    '2/3以上的会员代表出席',
    '半数以上表决通过',
    '每届任期5年',
    '最长不超过1年',
    '不超过70周岁',
    '不超过65周岁',
    '3至5名监事',
    '200,000元',
    '2022年6月',
    '连续2年不交纳会费',
    '1个月后退会生效',
  ]) {
    expect(text).toContain(figure);
  }
});
