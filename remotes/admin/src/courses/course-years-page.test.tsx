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
  study_starts_on: null,
  study_ends_on: null,
  default_from: null,
  status: 'open',
  opened_at: null,
  opened_by: null,
  is_current: true,
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
  // 报名期间: from the opening day, with no closing day.
  expect(within(row).getByText(/2026-01-01 至/)).toBeInTheDocument();
  expect(within(row).getByText(/不限/)).toBeInTheDocument();
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

test('a draft year is marked, opened after a confirmation, and previewed as learners would see it', async () => {
  const draft: CourseYear = { ...YEAR, year: 2027, status: 'draft', is_current: false, default_from: '2027-01-01' };
  const calls = stubApi({
    '/v1/admin/course_years': () => ok([draft, YEAR]),
    '/v1/admin/course_years/open': () => ok({ ...draft, status: 'scheduled' }),
    '/v1/admin/course_years/preview': () =>
      ok({
        year: 2027,
        is_buxue: false,
        status: 'draft',
        need_all: 1,
        msg1: '2027年度专业课须修满60学时',
        professional: [
          {
            cid: 9,
            course_id: 9,
            name: '新法规解读',
            thumb: '',
            teacher: '何静',
            credit: 3,
            class_hour: 3,
            course_type: 1,
            price: 15,
            learn_progress: 0,
            is_grade: 0,
            is_buy: 0,
            face_to_face: 0,
          },
        ],
        public: [],
      }),
  });
  renderPage();
  const draftRow = (await screen.findByText('2027年度')).closest('tr')!;
  expect(within(draftRow).getByText('草稿')).toBeInTheDocument();
  const currentRow = screen.getByText('2026年度').closest('tr')!;
  expect(within(currentRow).getByText(YEAR_PAGE_TEXTS.current)).toBeInTheDocument();
  expect(within(currentRow).queryByRole('button', { name: '开放2026年度' })).toBeNull();

  await userEvent.click(within(draftRow).getByRole('button', { name: '预览2027年度' }));
  expect(await screen.findByText('新法规解读')).toBeInTheDocument();
  expect(screen.getByText('2027年度专业课须修满60学时')).toBeInTheDocument();

  await userEvent.click(within(draftRow).getByRole('button', { name: '开放2027年度' }));
  const confirm = (await screen.findByText(YEAR_PAGE_TEXTS.openConfirm(2027))).closest<HTMLElement>('.ant-popover')!;
  await userEvent.click(within(confirm).getByRole('button', { name: /开\s*放/ }));
  expect(await screen.findByText(YEAR_PAGE_TEXTS.opened)).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/course_years/open')?.payload).toMatchObject({ year: 2027 });
});
