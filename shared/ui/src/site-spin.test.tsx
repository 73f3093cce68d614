import { render, screen } from '@testing-library/react';
import { Spin } from './site-spin';

test('loading is a status with its description', () => {
  render(<Spin description="课程加载中" />);
  expect(screen.getByRole('status')).toHaveTextContent('课程加载中');
});
