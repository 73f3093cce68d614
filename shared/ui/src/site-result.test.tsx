import { render, screen } from '@testing-library/react';
import { Result } from './site-result';

test('a result shows its title, the explanation under it and what to do next', () => {
  render(
    <Result
      status="success"
      title="上传成功"
      subTitle="照片已提交审核，审核通过后即可登录学习。"
      extra={<a href="/">返回首页</a>}
    />,
  );
  expect(screen.getByText('上传成功')).toBeVisible();
  expect(screen.getByText('照片已提交审核，审核通过后即可登录学习。')).toBeVisible();
  expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
});
