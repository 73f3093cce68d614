import { act, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { clearMessages, showError, showMessage } from './show-message';

afterEach(() => act(() => message.destroy()));

test('shows a success message by default, 40 px from the top', async () => {
  showMessage('保存成功');
  const text = await screen.findByText('保存成功');
  expect(text.closest('.ant-message-notice')?.querySelector('.ant-message-success')).not.toBeNull();
  expect(document.querySelector<HTMLElement>('.ant-message')?.style.getPropertyValue('--notification-top')).toBe(
    '40px',
  );
});

test('a new message closes the previous one', async () => {
  showMessage('第一条');
  await screen.findByText('第一条');
  showError('第二条');
  await screen.findByText('第二条');
  await waitFor(() => expect(screen.queryByText('第一条')).not.toBeInTheDocument());
});

test('clearMessages closes the message showing (a stale login error)', async () => {
  showError('账号或密码错误');
  await screen.findByText('账号或密码错误');
  clearMessages();
  await waitFor(() => expect(screen.queryByText('账号或密码错误')).not.toBeInTheDocument());
});

test('a raw timeout text becomes 连接超时，请检查网络', async () => {
  showError('timeout of 50000000ms exceeded');
  expect(await screen.findByText('连接超时，请检查网络')).toBeInTheDocument();
});

test('messages close by themselves after 2 s (errors after 5 s)', async () => {
  jest.useFakeTimers();
  try {
    showMessage('两秒后消失');
    await act(async () => jest.advanceTimersByTime(100));
    expect(screen.getByText('两秒后消失')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1_800));
    expect(screen.getByText('两秒后消失')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1_000));
    await waitFor(() => expect(screen.queryByText('两秒后消失')).not.toBeInTheDocument());
  } finally {
    jest.useRealTimers();
  }
});
