import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Checkbox } from './site-checkbox';

function Agreement() {
  const [agreed, setAgreed] = useState(false);
  return (
    <>
      <Checkbox checked={agreed} onChange={setAgreed}>
        我已阅读并同意
      </Checkbox>
      <output>{agreed ? '已同意' : '未同意'}</output>
    </>
  );
}

test('clicking the label ticks the box; its text names it', async () => {
  render(<Agreement />);
  const box = screen.getByRole('checkbox', { name: '我已阅读并同意' });
  expect(box).not.toBeChecked();
  await userEvent.click(screen.getByText('我已阅读并同意'));
  expect(box).toBeChecked();
  expect(screen.getByText('已同意')).toBeInTheDocument();
});

test('a disabled box cannot be ticked', async () => {
  render(
    <Checkbox checked={false} onChange={() => undefined} disabled>
      同意
    </Checkbox>,
  );
  await userEvent.click(screen.getByRole('checkbox', { name: '同意' }));
  expect(screen.getByRole('checkbox', { name: '同意' })).not.toBeChecked();
});
