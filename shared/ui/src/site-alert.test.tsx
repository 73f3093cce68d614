import { render, screen } from '@testing-library/react';
import { Alert, WarningAlert } from './site-alert';

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

test('an error with its description is announced; information is a polite status', () => {
  render(
    <>
      <Alert type="error" title="您的人脸照片未通过审核：光线太暗" description="请按提示重新采集。" />
      <Alert type="info" title="我们保存什么、保存多久" description="人脸采集照片……" data-testid="kept" />
    </>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('您的人脸照片未通过审核：光线太暗请按提示重新采集。');
  expect(screen.getByRole('status')).toHaveTextContent('我们保存什么、保存多久');
  expect(screen.getByTestId('kept')).toBe(screen.getByRole('status'));
});
