import { render, screen } from '@testing-library/react';
import { Skeleton } from './site-skeleton';

test('content still loading is a busy status, named for assistive technology', () => {
  render(<Skeleton />);
  expect(screen.getByRole('status', { name: '加载中' })).toHaveAttribute('aria-busy', 'true');
});
