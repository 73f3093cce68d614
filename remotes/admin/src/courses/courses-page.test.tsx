import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import type { AdminCourseDetail, CourseYear } from '@yaoshi/contracts/course-admin';
import { COURSE_ADMIN_MESSAGES } from '@yaoshi/contracts/course-admin-rules';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { COURSE_PAGE_TEXTS, CoursesPage } from './courses-page';
import { LESSON_TEXTS } from './lesson-panel';
import { startLessonUpload } from './lesson-upload';

jest.mock('./lesson-upload', () => ({ startLessonUpload: jest.fn(() => ({ abort: jest.fn() })) }));
afterEach(() => act(() => message.destroy()));

const YEARS: CourseYear[] = [
  {
    year: 2026,
    is_buxue: false,
    need_all: 1,
    course_type_tip: '',
    opens_on: null,
    closes_on: null,
    hour_price: 5,
    sort_order: 0,
    course_count: 1,
    study_starts_on: null,
    study_ends_on: null,
    default_from: null,
    status: 'open',
    opened_at: null,
    opened_by: null,
    is_current: true,
  },
];

const COURSE: AdminCourseDetail = {
  course_id: 7,
  year: 2026,
  name: '抗菌药物临床合理应用',
  kind: 'compulsory',
  face_to_face: false,
  credit: 6,
  class_hour: 6,
  price: 30,
  teacher_name: '陈志刚',
  teacher_description: '',
  description: '',
  thumb_url: '',
  teacher_avatar_url: '',
  quiz_points: [],
  sort_order: 0,
  video_url: '/media/videos/lesson-90s.webm',
  duration: 90,
  face_points: [20],
  lesson_version: 1,
  order_count: 3,
  frozen_fields: ['price', 'class_hour'],
  frozen_reason: COURSE_ADMIN_MESSAGES.frozen,
  lessons: [],
  transcode: null,
};

function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <CoursesPage />
    </Provider>,
  );
}

test('a course that was ordered shows price and hours read-only with the reason; an edit saves the other fields', async () => {
  const calls = stubApi({
    '/v1/admin/course_years': () => ok(YEARS),
    '/v1/admin/courses': () => ok([COURSE]),
    '/v1/admin/courses/detail': () => ok(COURSE),
    '/v1/admin/courses/update': (call) => ok({ ...COURSE, ...call.payload }),
  });
  renderPage();
  const row = (await screen.findByText('抗菌药物临床合理应用')).closest('tr')!;
  expect(within(row).getByText('已有订单 3')).toBeInTheDocument();
  // Course types are named as learners see them: 专业课 / 公需课.
  expect(within(row).getByText(/^专业课（必修）/)).toBeInTheDocument();
  expect(within(row).getByText('第 1 版 · 01:30')).toBeInTheDocument();
  await userEvent.click(within(row).getByRole('button', { name: '编辑抗菌药物临床合理应用' }));

  expect(await screen.findByText(`${COURSE_ADMIN_MESSAGES.frozen}（已有 3 个订单）`)).toBeInTheDocument();
  expect(screen.getByLabelText('价格（元）')).toBeDisabled();
  expect(screen.getByLabelText('学时')).toBeDisabled();
  expect(screen.getByTestId('lesson-duration')).toHaveTextContent('01:30');

  fireEvent.change(screen.getByLabelText('授课教师'), { target: { value: '陈志刚教授' } });
  await userEvent.click(screen.getByRole('button', { name: COURSE_PAGE_TEXTS.save }));
  expect(await screen.findByText(COURSE_PAGE_TEXTS.saved)).toBeInTheDocument();
  const saved = calls.find((call) => call.path === '/v1/admin/courses/update');
  expect(saved?.payload).toMatchObject({
    course_id: 7,
    teacher_name: '陈志刚教授',
    price: 30,
    class_hour: 6,
    quiz_points: [],
  });
});

test('a new course is created in the chosen year, priced by the year’s hour price', async () => {
  const calls = stubApi({
    '/v1/admin/course_years': () => ok(YEARS),
    '/v1/admin/courses': () => ok([]),
    '/v1/admin/courses/create': (call) =>
      ok({ ...COURSE, ...call.payload, course_id: 8, order_count: 0, frozen_fields: [] }),
    '/v1/admin/courses/detail': () => ok({ ...COURSE, course_id: 8, order_count: 0, frozen_fields: [] }),
  });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: COURSE_PAGE_TEXTS.create }));
  fireEvent.change(await screen.findByLabelText('课程名称'), { target: { value: '药学服务沟通技巧' } });
  await userEvent.click(screen.getByRole('button', { name: COURSE_PAGE_TEXTS.save }));
  expect(await screen.findByText(COURSE_PAGE_TEXTS.created)).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/courses/create')?.payload).toMatchObject({
    year: 2026,
    name: '药学服务沟通技巧',
    kind: 'compulsory',
    price: 5,
    quiz_points: [],
  });
});

test('an upload shows its progress, then attaches the video with the chosen face points', async () => {
  const calls = stubApi({
    '/v1/admin/course_years': () => ok(YEARS),
    '/v1/admin/courses': () => ok([COURSE]),
    '/v1/admin/courses/detail': () => ok(COURSE),
    '/v1/admin/courses/lesson': () => ok({ ...COURSE, duration: 3, lesson_version: 2 }),
  });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: '编辑抗菌药物临床合理应用' }));
  const input = await screen.findByLabelText(LESSON_TEXTS.choose);
  const file = new File(['video'], '第一课.mp4', { type: 'video/mp4' });
  fireEvent.change(input, { target: { files: [file] } });
  const mocked = startLessonUpload as jest.MockedFunction<typeof startLessonUpload>;
  expect(mocked).toHaveBeenCalledWith(file, expect.anything());
  const callbacks = mocked.mock.calls[0]![1];
  act(() => callbacks.onProgress(42));
  expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
  act(() => callbacks.onSuccess('0123456789abcdef0123456789abcdef'));
  expect(await screen.findByText(LESSON_TEXTS.uploaded)).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/courses/lesson')?.payload).toMatchObject({
    course_id: 7,
    upload_id: '0123456789abcdef0123456789abcdef',
    face_points: [20],
  });
});

test('an upload the server refuses shows its message', async () => {
  stubApi({
    '/v1/admin/course_years': () => ok(YEARS),
    '/v1/admin/courses': () => ok([COURSE]),
    '/v1/admin/courses/detail': () => ok(COURSE),
  });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: '编辑抗菌药物临床合理应用' }));
  fireEvent.change(await screen.findByLabelText(LESSON_TEXTS.choose), {
    target: { files: [new File(['x'], 'bad.mp4', { type: 'video/mp4' })] },
  });
  const mocked = startLessonUpload as jest.MockedFunction<typeof startLessonUpload>;
  const callbacks = mocked.mock.calls.at(-1)![1];
  act(() => callbacks.onError(COURSE_ADMIN_MESSAGES.videoUnreadable));
  expect((await screen.findAllByText(COURSE_ADMIN_MESSAGES.videoUnreadable)).length).toBeGreaterThan(0);
});
