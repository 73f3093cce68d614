import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './site-tabs';

test('a tab shows its panel; a panel keeps what was typed when its tab is left and shown again', async () => {
  const user = userEvent.setup();
  render(
    <Tabs
      items={[
        { key: 'profile', label: '学员信息', children: <input aria-label="姓名" /> },
        { key: 'password', label: '修改密码', children: <p>新密码</p> },
      ]}
    />,
  );
  expect(screen.getByRole('tab', { name: '学员信息' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: '学员信息' })).toBeVisible();
  await user.type(screen.getByRole('textbox', { name: '姓名' }), '王芳');
  await user.click(screen.getByRole('tab', { name: '修改密码' }));
  expect(screen.getByRole('tabpanel', { name: '修改密码' })).toHaveTextContent('新密码');
  expect(screen.queryByRole('textbox', { name: '姓名' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: '学员信息' }));
  expect(screen.getByRole('textbox', { name: '姓名' })).toHaveValue('王芳');
});

test('a controlled tab bar reports the key; a disabled tab cannot be chosen; arrows move between the others', async () => {
  const user = userEvent.setup();
  const changes: string[] = [];
  function Years() {
    const [year, setYear] = useState('2026');
    return (
      <Tabs
        aria-label="学习年度"
        activeKey={year}
        onChange={(key) => {
          changes.push(key);
          setYear(key);
        }}
        items={[
          { key: '2026', label: '2026年度' },
          { key: 'f2f', label: '面授', disabled: true },
          { key: '2025', label: '2025年度' },
        ]}
      />
    );
  }
  render(<Years />);
  expect(screen.getByRole('tablist', { name: '学习年度' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: '面授' })).toHaveAttribute('aria-disabled', 'true');
  await user.click(screen.getByRole('tab', { name: '面授' }));
  expect(changes).toEqual([]);
  await user.click(screen.getByRole('tab', { name: '2025年度' }));
  expect(changes).toEqual(['2025']);
  expect(screen.getByRole('tab', { name: '2025年度' })).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowRight}');
  expect(changes).toEqual(['2025', '2026']);
  expect(screen.getByRole('tab', { name: '2026年度' })).toHaveFocus();
});
