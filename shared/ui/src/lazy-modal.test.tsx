import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './lazy-modal';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        查看课程
      </button>
      <Modal title="课程明细" open={open} onCancel={() => setOpen(false)} footer={null}>
        <p>药事管理</p>
      </Modal>
    </>
  );
}

test('a dialog is not there until first opened; then it shows, and closes', async () => {
  const user = userEvent.setup();
  render(<Page />);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: '查看课程' }));
  expect(await screen.findByRole('dialog')).toHaveTextContent('药事管理');
  await user.click(screen.getByRole('button', { name: 'Close' }));
  await screen.findByRole('button', { name: '查看课程' });
  expect(screen.queryByText('药事管理')).not.toBeVisible();
});
