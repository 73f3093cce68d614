import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, SelectGroup } from './site-select';

function YearPicker({ onYear }: { onYear: (year: number) => void }) {
  const [year, setYear] = useState<number>();
  return (
    <Select
      aria-label="学习年度"
      placeholder="请选择年度"
      value={year}
      onChange={(value) => {
        setYear(value);
        onYear(value);
      }}
      options={[
        { value: 2026, label: '2026年度' },
        { value: 2025, label: '2025年度（补学）' },
      ]}
    />
  );
}

test('a choice is reported with its own value (a number stays a number), and shown as chosen', async () => {
  const user = userEvent.setup();
  const years: number[] = [];
  render(<YearPicker onYear={(year) => years.push(year)} />);
  const select = screen.getByRole('combobox', { name: '学习年度' });
  expect(select).toHaveDisplayValue('请选择年度');
  expect(select).toHaveClass('site-select-placeholder');
  await user.selectOptions(select, '2025年度（补学）');
  expect(years).toEqual([2025]);
  expect(select).toHaveDisplayValue('2025年度（补学）');
  expect(select).not.toHaveClass('site-select-placeholder');
  expect(screen.queryByRole('option', { name: '请选择年度' })).not.toBeInTheDocument();
});

test('while the years load, the select says so', () => {
  render(<Select aria-label="年度" loading options={[]} />);
  expect(screen.getByRole('combobox', { name: '年度' })).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('combobox', { name: '年度' })).toHaveDisplayValue('加载中');
});

test('in a form: named by its label, checked on blur, invalid and described by its problem', async () => {
  const user = userEvent.setup();
  const blurs: string[] = [];
  render(
    <>
      <label htmlFor="sex">性别</label>
      <Select
        id="sex"
        options={[{ value: 1, label: '男' }]}
        onBlur={() => blurs.push('sex')}
        aria-invalid
        aria-describedby="sex-problem"
      />
      <p id="sex-problem">请选择性别</p>
    </>,
  );
  const select = screen.getByRole('combobox', { name: '性别' });
  expect(select).toHaveAttribute('aria-invalid', 'true');
  expect(select).toHaveAccessibleDescription('请选择性别');
  await user.click(select);
  await user.tab();
  expect(blurs).toEqual(['sex']);
});

test('a group joins its selects as one control, named for them all', () => {
  render(
    <SelectGroup aria-label="单位地址">
      <Select aria-label="省" placeholder="省" options={[{ value: '32', label: '江苏省' }]} />
      <Select aria-label="市" placeholder="市" options={[]} />
    </SelectGroup>,
  );
  const group = screen.getByRole('group', { name: '单位地址' });
  expect(group.querySelectorAll(':scope > select')).toHaveLength(2);
  // Nothing chosen: the placeholder shows, greyed out as antd's.
  expect(screen.getByRole('combobox', { name: '省' })).toHaveClass('site-select-placeholder');
});
