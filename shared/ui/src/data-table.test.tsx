import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn } from './data-table';

interface Course {
  cid: number;
  name: string;
  hours: number;
  bought: boolean;
}

const COURSES: Course[] = Array.from({ length: 25 }, (_, index) => ({
  cid: index + 1,
  name: `课程${index + 1}`,
  hours: index + 0.5,
  bought: index === 1,
}));

const COLUMNS: DataTableColumn<Course>[] = [
  { title: '课程', dataIndex: 'name' },
  { title: '学时', dataIndex: 'hours', render: (hours: number) => hours.toFixed(1) },
  { title: '操作', key: 'action', render: (_, course, index) => <button type="button">试看{index + 1}</button> },
];

/** The body's rows (the header row left out), each as the texts of its cells. */
function bodyRows(): string[][] {
  const [, ...rows] = screen.getAllByRole('row');
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent ?? ''),
  );
}

test('a table with a column header for each column and a row of cells for each row', () => {
  render(<DataTable aria-label="课程列表" rowKey="cid" columns={COLUMNS} dataSource={COURSES.slice(0, 2)} />);
  const table = screen.getByRole('table', { name: '课程列表' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['课程', '学时', '操作']);
  // A field as it is; a render function's own content, given the value, the row and its index.
  expect(bodyRows()).toEqual([
    ['课程1', '0.5', '试看1'],
    ['课程2', '1.5', '试看2'],
  ]);
  expect(screen.getByRole('cell', { name: '课程2' })).toBeInTheDocument();
});

test('no rows: the empty text in one row across every column', () => {
  const { rerender } = render(<DataTable rowKey="cid" columns={COLUMNS} dataSource={[]} />);
  expect(bodyRows()).toEqual([['暂无数据']]);
  expect(screen.getByRole('cell', { name: '暂无数据' })).toHaveAttribute('colspan', '3');
  rerender(<DataTable rowKey="cid" columns={COLUMNS} dataSource={[]} locale={{ emptyText: '暂无课程' }} />);
  expect(bodyRows()).toEqual([['暂无课程']]);
  expect(screen.queryByRole('navigation', { name: '分页' })).not.toBeInTheDocument();
});

/** A selection list that keeps its ticks, as the course-selection page does. */
function Selection({ onSelect }: { onSelect: (course: Course, checked: boolean) => void }) {
  const [ticked, setTicked] = useState<number[]>([]);
  return (
    <DataTable
      rowKey={(course) => course.cid}
      columns={COLUMNS}
      dataSource={COURSES.slice(0, 3)}
      pagination={false}
      size="small"
      rowSelection={{
        selectedRowKeys: [...ticked, ...COURSES.filter((course) => course.bought).map((course) => course.cid)],
        onSelect: (course, checked) => {
          onSelect(course, checked);
          setTicked((now) => (checked ? [...now, course.cid] : now.filter((cid) => cid !== course.cid)));
        },
        getCheckboxProps: (course) => ({ disabled: course.bought, 'aria-label': `选择 ${course.name}` }),
      }}
    />
  );
}

test('a row is chosen with its checkbox: onSelect gets the row and whether it is ticked; a disabled box stays', async () => {
  const onSelect = jest.fn();
  render(<Selection onSelect={onSelect} />);
  const first = screen.getByRole('checkbox', { name: '选择 课程1' });
  expect(first).not.toBeChecked();
  await userEvent.click(first);
  expect(onSelect).toHaveBeenLastCalledWith(COURSES[0], true);
  expect(first).toBeChecked();
  await userEvent.click(first);
  expect(onSelect).toHaveBeenLastCalledWith(COURSES[0], false);
  expect(first).not.toBeChecked();

  const bought = screen.getByRole('checkbox', { name: '选择 课程2' });
  expect(bought).toBeChecked();
  expect(bought).toBeDisabled();
  await userEvent.click(bought);
  expect(onSelect).toHaveBeenCalledTimes(2);
  expect(bought).toBeChecked();
});

test('client-side pages: ten rows a page unless told, the pager moves between them', async () => {
  render(<DataTable rowKey="cid" columns={COLUMNS} dataSource={COURSES} />);
  const pager = screen.getByRole('navigation', { name: '分页' });
  expect(bodyRows()).toHaveLength(10);
  expect(bodyRows()[0]![0]).toBe('课程1');
  expect(within(pager).getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
  expect(within(pager).getByRole('button', { name: '上一页' })).toBeDisabled();

  await userEvent.click(within(pager).getByRole('button', { name: '第 3 页' }));
  expect(bodyRows().map((cells) => cells[0])).toEqual(['课程21', '课程22', '课程23', '课程24', '课程25']);
  expect(within(pager).getByRole('button', { name: '第 3 页' })).toHaveAttribute('aria-current', 'page');
  expect(within(pager).getByRole('button', { name: '下一页' })).toBeDisabled();

  await userEvent.click(within(pager).getByRole('button', { name: '上一页' }));
  expect(bodyRows()[0]![0]).toBe('课程11');
});

test('a long list shows the pages around the current one, the first and the last', async () => {
  const many = Array.from({ length: 200 }, (_, index) => ({
    ...COURSES[0]!,
    cid: index + 1,
    name: `课程${index + 1}`,
  }));
  render(<DataTable rowKey="cid" columns={COLUMNS} dataSource={many} />);
  const pages = () =>
    within(screen.getByRole('navigation', { name: '分页' }))
      .getAllByRole('button', { name: /^第/ })
      .map((button) => button.textContent);
  expect(pages()).toEqual(['1', '2', '3', '4', '5', '20']);
  await userEvent.click(screen.getByRole('button', { name: '第 5 页' }));
  expect(pages()).toEqual(['1', '3', '4', '5', '6', '7', '20']);
  await userEvent.click(screen.getByRole('button', { name: '第 20 页' }));
  expect(pages()).toEqual(['1', '16', '17', '18', '19', '20']);
});

test('server-side pages: the rows given are the page; the pager asks for another', async () => {
  const onChange = jest.fn();
  render(
    <DataTable
      rowKey="cid"
      columns={COLUMNS}
      dataSource={COURSES.slice(0, 10)}
      pagination={{ current: 2, pageSize: 10, total: 25, onChange, showSizeChanger: false }}
    />,
  );
  expect(bodyRows()).toHaveLength(10);
  expect(bodyRows()[0]![0]).toBe('课程1');
  expect(screen.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  await userEvent.click(screen.getByRole('button', { name: '下一页' }));
  expect(onChange).toHaveBeenCalledWith(3, 10);
  await userEvent.click(screen.getByRole('button', { name: '第 1 页' }));
  expect(onChange).toHaveBeenLastCalledWith(1, 10);
});

test('hideOnSinglePage: no pager when every row fits on one page; otherwise one shows even for one page', () => {
  const { rerender } = render(
    <DataTable
      rowKey="cid"
      columns={COLUMNS}
      dataSource={COURSES.slice(0, 20)}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
    />,
  );
  expect(bodyRows()).toHaveLength(20);
  expect(screen.queryByRole('navigation', { name: '分页' })).not.toBeInTheDocument();
  rerender(
    <DataTable rowKey="cid" columns={COLUMNS} dataSource={COURSES.slice(0, 21)} pagination={{ pageSize: 20 }} />,
  );
  expect(screen.getByRole('button', { name: '第 2 页' })).toBeInTheDocument();
  rerender(<DataTable rowKey="cid" columns={COLUMNS} dataSource={COURSES.slice(0, 2)} pagination={{ pageSize: 20 }} />);
  expect(screen.getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
});

test('while loading the rows stay, the table is busy and 加载中 shows', () => {
  const { rerender } = render(<DataTable rowKey="cid" columns={COLUMNS} dataSource={COURSES.slice(0, 2)} loading />);
  expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('status')).toHaveTextContent('加载中');
  expect(bodyRows()).toHaveLength(2);
  rerender(<DataTable rowKey="cid" columns={COLUMNS} dataSource={COURSES.slice(0, 2)} />);
  expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('an ellipsis column keeps its text on one line with the whole text as the tooltip', () => {
  render(
    <DataTable
      rowKey="cid"
      columns={[{ title: '课程', dataIndex: 'name', width: 80, ellipsis: true }]}
      dataSource={COURSES.slice(0, 1)}
    />,
  );
  expect(screen.getByRole('cell', { name: '课程1' })).toHaveAttribute('title', '课程1');
});
