import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SiteDialog } from './site-dialog';

function Harness({ onOk = () => {}, onClosed = () => {} }: { onOk?: () => void; onClosed?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <SiteDialog
      open={open}
      title="提示"
      okText="确定"
      cancelText="取消"
      onOk={() => {
        onOk();
        setOpen(false);
      }}
      onCancel={() => setOpen(false)}
      afterClose={onClosed}
    >
      <p>您还未登录，请先登录</p>
    </SiteDialog>
  );
}

test('a named modal dialog with its text; 确定 has the focus and closes it, then afterClose runs', async () => {
  const onOk = jest.fn();
  const onClosed = jest.fn();
  render(<Harness onOk={onOk} onClosed={onClosed} />);
  const dialog = screen.getByRole('dialog', { name: '提示' });
  expect(dialog).toHaveTextContent('您还未登录，请先登录');
  expect(screen.getByRole('button', { name: '确定' })).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: '确定' }));
  expect(onOk).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(onClosed).toHaveBeenCalledTimes(1);
});

test('取消, ×, Escape and a click beside it cancel', async () => {
  for (const cancel of [
    () => userEvent.click(screen.getByRole('button', { name: '取消' })),
    () => userEvent.click(screen.getByRole('button', { name: '关闭' })),
    async () => void fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true })),
    () => userEvent.click(screen.getByRole('dialog')),
  ]) {
    const onOk = jest.fn();
    const { unmount } = render(<Harness onOk={onOk} />);
    await cancel();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOk).not.toHaveBeenCalled();
    unmount();
  }
});
