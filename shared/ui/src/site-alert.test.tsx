import { render, screen } from '@testing-library/react';
import { WarningAlert } from './site-alert';

test('a warning is announced with its text', () => {
  render(<WarningAlert>试看已结束</WarningAlert>);
  expect(screen.getByRole('alert')).toHaveTextContent('试看已结束');
});
