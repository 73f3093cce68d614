import { render, screen } from '@testing-library/react';
import { WarningAlert } from './site-alert';

test('a warning is announced with its text', () => {
  render(<WarningAlert>试看已结束</WarningAlert>);
  expect(screen.getByRole('alert')).toHaveTextContent('试看已结束');
});

test('a warning with an action offers it beside the text', () => {
  render(<WarningAlert action={<button type="button">在此继续学习</button>}>本页面已暂停学习记录</WarningAlert>);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('本页面已暂停学习记录');
  expect(screen.getByRole('button', { name: '在此继续学习' })).toBeInTheDocument();
});
