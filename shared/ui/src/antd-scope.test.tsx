import { render, screen } from '@testing-library/react';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import { inSiteAntdScope, loadSiteAntd } from './antd-scope';

test('a page in the scope gets antd in Chinese; one download serves every scope', async () => {
  const { default: Scoped } = await inSiteAntdScope(
    Promise.resolve(() => (
      <>
        <Empty />
        <Pagination total={30} />
      </>
    )),
  );
  render(<Scoped />);
  expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  expect(screen.getByTitle('上一页')).toBeInTheDocument();
  expect(await loadSiteAntd()).toBe(await loadSiteAntd());
});

test('outside the scope antd falls back to English, which is why pages are wrapped', () => {
  render(<Empty />);
  expect(screen.getByText('No data', { selector: '.ant-empty-description' })).toBeInTheDocument();
});
