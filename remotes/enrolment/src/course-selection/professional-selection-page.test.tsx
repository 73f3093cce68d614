import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ok, stubApi, type StubRoute } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import type { SelectionCourse } from '@yaoshi/contracts/enrolment';
import ProfessionalSelectionPage from './professional-selection-page';
import { readPendingOrder } from '../payment/pending-order';

const slow = { timeout: 10_000 };

const course = (
  cid: number,
  name: string,
  courseType: number,
  hours = 6,
  over: Partial<SelectionCourse> = {},
): SelectionCourse => ({
  cid,
  course_id: cid,
  name,
  thumb: '',
  teacher: '陈老师',
  credit: 2,
  class_hour: hours,
  course_type: courseType,
  price: hours * 5,
  learn_progress: 0,
  is_grade: 0,
  is_buy: 0,
  face_to_face: 0,
  ...over,
});

const COURSES = [
  course(1, '必修一', 1, 12),
  course(2, '必修二', 1, 12),
  ...Array.from({ length: 7 }, (_, i) => course(10 + i, `选修${i + 1}`, 2)),
];

function serve(car = '', routes: Record<string, StubRoute> = {}) {
  return stubApi({
    '/v1/academic_year': () =>
      ok([
        { year: 2025, is_buxue: 0 },
        { year: 2023, is_buxue: 1 },
      ]),
    '/v1/get_course_type': () => ok({ need_all: 1, msg1: '2025年度专业课须修满60学时' }),
    '/v1/webcourses': () => ok({ courses: COURSES, car }),
    ...routes,
  });
}

function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={['/signStudy']}>
        <Routes>
          <Route path="/signStudy" element={<ProfessionalSelectionPage />} />
          <Route path="/pay" element={<p>支付页</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name: `选择 ${name}` });

beforeEach(() => localStorage.clear());
afterEach(() => act(() => message.destroy()));

test('important notice on load; compulsory courses locked and selected; the car pre-selected; the face-to-face tab disabled', async () => {
  serve('10,11');
  renderPage();
  expect(await screen.findByText('重要提示', undefined, slow)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '我已知晓' }));
  expect(await screen.findByText('2025年度专业课须修满60学时', undefined, slow)).toBeInTheDocument();
  await waitFor(() => expect(checkbox('选修1')).toBeChecked(), slow);
  expect(checkbox('必修一')).toBeChecked();
  expect(checkbox('必修一')).toBeDisabled();
  expect(checkbox('选修2')).toBeChecked();
  expect(checkbox('选修3')).not.toBeChecked();
  expect(screen.getByTestId('chosen-hours')).toHaveTextContent('36.0');
  expect(screen.getByRole('tab', { name: /面授/ })).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getAllByRole('link', { name: '试看' })[0]).toHaveAttribute('href', '/videoLearning?tryIt=1&cid=1');
});

test('a shortfall is stopped in the browser with required, chosen and missing hours; the server is not asked', async () => {
  const received = serve('10');
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: '我已知晓' }, slow));
  await waitFor(() => expect(checkbox('选修1')).toBeChecked(), slow);
  fireEvent.click(screen.getByRole('button', { name: '立即报名' }));
  expect(
    await screen.findByText(
      '本年度专业课要求60.0学时，您已选择30.0学时，还差30.0学时，请重新选择课程',
      undefined,
      slow,
    ),
  ).toBeInTheDocument();
  expect(received.some((c) => c.path === '/v1/signup_once')).toBe(false);
});

test('adding the elective that reaches 60 hours prompts that courses may be dropped or the sign-up confirmed', async () => {
  serve('10,11,12,13,14');
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: '我已知晓' }, slow));
  await waitFor(() => expect(checkbox('选修5')).toBeChecked(), slow);
  fireEvent.click(checkbox('选修6'));
  expect(
    await screen.findByText('已选满60.0学时。您可以取消部分选修课，或直接报名确认。', undefined, slow),
  ).toBeInTheDocument();
});

test('sign-up, validate, msg2 and 确定 store the order and go to /pay', async () => {
  const received = serve('10,11,12,13,14,15', {
    '/v1/signup_once': () => ok(null),
    '/v1/validate': () =>
      ok({
        remain_class_hour: 0,
        current_class_hour: 60,
        year_class_hour: 60,
        current_money: 300,
        msg2: '本次选择8门课程，应缴费用300.00元',
      }),
  });
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: '我已知晓' }, slow));
  await waitFor(() => expect(checkbox('选修6')).toBeChecked(), slow);
  fireEvent.click(screen.getByRole('button', { name: '立即报名' }));
  expect(await screen.findByRole('heading', { name: '确认报名信息（2025年度）' }, slow)).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: '学习年度' })).not.toBeInTheDocument();
  expect(received.find((c) => c.path === '/v1/signup_once')?.payload).toMatchObject({
    year: 2025,
    cids: '1,2,10,11,12,13,14,15',
  });
  fireEvent.click(screen.getByRole('button', { name: /确认报名/ }));
  const tip = await screen.findByText('本次选择8门课程，应缴费用300.00元', undefined, slow);
  fireEvent.click(within(tip.closest('dialog') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
  expect(await screen.findByText('支付页', undefined, slow)).toBeInTheDocument();
  expect(readPendingOrder()).toMatchObject({
    year: 2025,
    cids: '1,2,10,11,12,13,14,15',
    price: 300,
    order_id: '',
    type: 1,
  });
});

test('over the requirement: the over-hours dialog; 继续选课 returns to the selection', async () => {
  serve('10,11,12,13,14,15', {
    '/v1/signup_once': () => ok(null),
    '/v1/validate': () =>
      ok({ remain_class_hour: -6, current_class_hour: 66, year_class_hour: 60, current_money: 330, msg2: 'msg2' }),
  });
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: '我已知晓' }, slow));
  await waitFor(() => expect(checkbox('选修6')).toBeChecked(), slow);
  fireEvent.click(screen.getByRole('button', { name: '立即报名' }));
  fireEvent.click(await screen.findByRole('button', { name: /确认报名/ }, slow));
  const over = await screen.findByText(/您已选择66.0学时，超出本年度要求学时6.0学时/, undefined, slow);
  fireEvent.click(within(over.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /继续选课/ }));
  expect(await screen.findByRole('combobox', { name: '学习年度' }, slow)).toBeInTheDocument();
});

test('nothing selected: 您还没有选择要学习的课程', async () => {
  stubApi({
    '/v1/academic_year': () => ok([{ year: 2023, is_buxue: 1 }]),
    '/v1/get_course_type': () => ok({ need_all: 2, msg1: '' }),
    '/v1/webcourses': () => ok({ courses: COURSES, car: '' }),
  });
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: '我已知晓' }, slow));
  await waitFor(() => expect(checkbox('必修一')).not.toBeDisabled(), slow);
  fireEvent.click(screen.getByRole('button', { name: '立即报名' }));
  expect(await screen.findByText('您还没有选择要学习的课程', undefined, slow)).toBeInTheDocument();
});

test("choosing another year hides the previous year's courses until the new ones arrive, so no tick is lost", async () => {
  let release2023: () => void = () => {};
  const arrived2023 = new Promise<void>((resolve) => {
    release2023 = resolve;
  });
  serve('', {
    '/v1/webcourses': async (call) => {
      if (call.payload.year === 2023) {
        await arrived2023;
        return ok({ courses: [course(1, '必修一', 1, 12), course(30, '补学选修', 2)], car: '' });
      }
      return ok({ courses: COURSES, car: '' });
    },
  });
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: '我已知晓' }, slow));
  await waitFor(() => expect(checkbox('选修1')).toBeInTheDocument(), slow);

  const years = screen.getByRole('combobox', { name: '学习年度' });
  await waitFor(
    () => expect(within(years).getByRole('option', { name: '2023年度（补学）' })).toBeInTheDocument(),
    slow,
  );
  fireEvent.change(years, { target: { value: '2023' } });
  await waitFor(() => expect(screen.queryByRole('checkbox', { name: '选择 选修1' })).not.toBeInTheDocument(), slow);

  act(() => release2023());
  fireEvent.click(await screen.findByRole('checkbox', { name: '选择 补学选修' }, slow));
  await waitFor(() => expect(checkbox('补学选修')).toBeChecked(), slow);
  expect(screen.getByTestId('chosen-hours')).toHaveTextContent('18.0');
});
