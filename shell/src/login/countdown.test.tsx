import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeButton } from './code-button';
import { canRequestCode, codeButtonLabel } from './countdown';

test('the label reads 获取验证码 only when no countdown runs, and only then is it clickable', () => {
  expect(codeButtonLabel(0)).toBe('获取验证码');
  expect(canRequestCode(0)).toBe(true);
  expect(codeButtonLabel(42)).toBe('42秒后重新获取');
  expect(canRequestCode(42)).toBe(false);
});

test('a sent code starts a 60 s countdown; a refused one does not', async () => {
  jest.useFakeTimers();
  try {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const send = jest.fn().mockResolvedValueOnce(false).mockResolvedValue(true);
    render(<CodeButton send={send} />);
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeDisabled();
    await act(async () => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: '59秒后重新获取' })).toBeDisabled();
    for (let i = 0; i < 59; i += 1) await act(async () => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
    expect(send).toHaveBeenCalledTimes(2);
  } finally {
    jest.useRealTimers();
  }
});
