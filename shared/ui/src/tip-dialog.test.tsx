import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AVATAR_WARNING_TEXT, TipDialog, tipConfirmEvent } from './tip-dialog';

test('confirm is routed by text and params: sureOpen, signUp, sure', () => {
  expect(tipConfirmEvent({ show: true, text: AVATAR_WARNING_TEXT })).toBe('sureOpen');
  expect(tipConfirmEvent({ show: true, text: '确定报名吗？', params: { checkHours: 1 } })).toBe('signUp');
  expect(tipConfirmEvent({ show: true, text: '确定报名吗？', params: { checkHours: 0 } })).toBe('sure');
  expect(tipConfirmEvent({ show: true, text: '确定删除吗？' })).toBe('sure');
});

test('the dialog shows its text and emits the routed event on 确定', async () => {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <TipDialog
      model={{ show: true, text: '学时不足，确定报名吗？', params: { checkHours: true } }}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  expect(screen.getByText('学时不足，确定报名吗？')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
  expect(onConfirm).toHaveBeenCalledWith('signUp');
  await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
  expect(onCancel).toHaveBeenCalled();
});
