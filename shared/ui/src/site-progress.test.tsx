import { render, screen } from '@testing-library/react';
import { Progress } from './site-progress';

test('the bar tells its value to assistive technology and shows it as a percentage', () => {
  render(<Progress percent={40} label="学习进度" />);
  const bar = screen.getByRole('progressbar', { name: '学习进度' });
  expect(bar).toHaveAttribute('aria-valuenow', '40');
  expect(bar).toHaveAttribute('aria-valuemax', '100');
  expect(screen.getByText('40%')).toBeVisible();
});

test('a value outside 0–100 is shown at the nearest end, whole', () => {
  const { rerender } = render(<Progress percent={104.6} label="学习进度" />);
  expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  rerender(<Progress percent={-3} label="学习进度" />);
  expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  rerender(<Progress percent={33.4} label="学习进度" />);
  expect(screen.getByText('33%')).toBeVisible();
});

test('a text beside the bar replaces the percentage and is its value text', () => {
  render(<Progress percent={30} label="答题进度" text="已答 3 / 10" />);
  const bar = screen.getByRole('progressbar', { name: '答题进度' });
  expect(bar).toHaveAttribute('aria-valuetext', '已答 3 / 10');
  expect(screen.getByText('已答 3 / 10')).toBeVisible();
  expect(screen.queryByText('30%')).toBeNull();
});
