import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from './site-select';

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
  await user.selectOptions(select, '2025年度（补学）');
  expect(years).toEqual([2025]);
  expect(select).toHaveDisplayValue('2025年度（补学）');
  expect(screen.queryByRole('option', { name: '请选择年度' })).not.toBeInTheDocument();
});

test('while the years load, the select says so', () => {
  render(<Select aria-label="年度" loading options={[]} />);
  expect(screen.getByRole('combobox', { name: '年度' })).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('combobox', { name: '年度' })).toHaveDisplayValue('加载中');
});
