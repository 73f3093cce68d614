import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import type { CourseYear } from '@yaoshi/contracts/course-admin';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { CourseYearsPage, YEAR_PAGE_TEXTS } from './course-years-page';

afterEach(() => act(() => message.destroy()));

const YEAR: CourseYear = {
  year: 2026,
  is_buxue: false,
  need_all: 1,
  course_type_tip: '须修满60学时',
  opens_on: '2026-01-01',
  closes_on: null,
  hour_price: 5,
  sort_order: 0,
  course_count: 12,
};

function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <CourseYearsPage />
    </Provider>,
  );
}

test('lists the years with their rule, dates and price, and edits one', async () => {
  const calls = stubApi({
    '/v1/admin/course_years': () => ok([YEAR]),
    '/v1/admin/course_years/update': (call) => ok({ ...YEAR, ...call.payload }),
  });
  renderPage();
  const row = (await screen.findByText('2026年度')).closest('tr')!;
  expect(within(row).getByText(YEAR_PAGE_TEXTS.needAll[1])).toBeInTheDocument();
  expect(within(row).getByText('2026-01-01')).toBeInTheDocument();
  expect(within(row).getByText('5.00 元')).toBeInTheDocument();
  await userEvent.click(within(row).getByRole('button', { name: '编辑2026年度' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText('年度')).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('switch'));
  fireEvent.change(within(dialog).getByLabelText('选课提示'), { target: { value: '补学年度' } });
  await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
  expect(await screen.findByText(YEAR_PAGE_TEXTS.saved)).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/course_years/update')?.payload).toMatchObject({
    year: 2026,
    is_buxue: true,
    need_all: 1,
    course_type_tip: '补学年度',
    opens_on: '2026-01-01',
    closes_on: null,
    hour_price: 5,
  });
});

test('a new year is suggested after the newest one and created', async () => {
  const calls = stubApi({
    '/v1/admin/course_years': () => ok([YEAR]),
    '/v1/admin/course_years/create': (call) => ok({ ...YEAR, ...call.payload, course_count: 0 }),
  });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: YEAR_PAGE_TEXTS.create }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText('年度')).toHaveValue('2027');
  await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
  expect(await screen.findByText(YEAR_PAGE_TEXTS.saved)).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/course_years/create')?.payload).toMatchObject({
    year: 2027,
    need_all: 1,
    opens_on: null,
  });
});
