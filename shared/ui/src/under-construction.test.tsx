import { render, screen } from '@testing-library/react';
import { UnderConstruction } from './under-construction';

test('names the page and says it is being built', () => {
  render(<UnderConstruction title="我的订单" />);
  expect(screen.getByTestId('page-title')).toHaveTextContent('我的订单');
  expect(screen.getByText('建设中')).toBeInTheDocument();
  expect(screen.getByText('「我的订单」页面正在建设中，敬请期待。')).toBeInTheDocument();
});
