import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import type { AdminCourseDetail, CourseYear, Transcode } from '@yaoshi/contracts/course-admin';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { CoursesPage } from './courses-page';
import { TRANSCODE_TEXTS, TranscodeStatus } from './transcode-status';

jest.mock('./lesson-upload', () => ({ startLessonUpload: jest.fn(() => ({ abort: jest.fn() })) }));
afterEach(() => act(() => message.destroy()));

const RUNNING: Transcode = {
  transcode_id: 11,
  status: 'running',
  status_text: '转码中',
  percent: 42,
  reason: '',
  attempts: 1,
  master_url: '',
  poster_url: '',
  duration: null,
  updated_at: '2026-11-26 14:00:00',
};
const DONE: Transcode = {
  ...RUNNING,
  status: 'done',
  status_text: '已完成',
  percent: 100,
  master_url: '/media/videos/lessons/7-ab-hls/master.m3u8',
  poster_url: '/media/videos/lessons/7-ab-hls/poster.jpg',
  duration: 88,
};
const FAILED: Transcode = {
  ...RUNNING,
  status: 'failed',
  status_text: '失败',
  percent: 0,
  reason: 'Stream mapping:\nDecoder (codec none) not found for input stream #0:0',
};

test('a running transcode shows its status and progress, and no retry', () => {
  render(<TranscodeStatus transcode={RUNNING} onRetry={jest.fn()} />);
  expect(screen.getByText('转码中')).toBeInTheDocument();
  expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
  expect(screen.getByText(TRANSCODE_TEXTS.pending)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /重新转码/ })).not.toBeInTheDocument();
});

test('a failed transcode shows ffmpeg’s reason and a 重新转码 button that names it', async () => {
  const onRetry = jest.fn();
  render(<TranscodeStatus transcode={FAILED} onRetry={onRetry} />);
  expect(screen.getByText('失败')).toBeInTheDocument();
  expect(screen.getByText(/Decoder \(codec none\) not found for input stream #0:0/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /重\s*新\s*转\s*码/ }));
  expect(onRetry).toHaveBeenCalledWith(11);
});

test('a video not yet transcoded says learners play the upload', () => {
  render(<TranscodeStatus transcode={null} onRetry={jest.fn()} />);
  expect(screen.getByText(TRANSCODE_TEXTS.none)).toBeInTheDocument();
});

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

function courseWith(transcode: Transcode): AdminCourseDetail {
  return {
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
    video_url: '/media/videos/lessons/7-ab.mp4',
    duration: transcode.duration ?? 90,
    face_points: [],
    lesson_version: 1,
    order_count: 0,
    frozen_fields: [],
    frozen_reason: '',
    lessons: [
      {
        lesson_id: 3,
        version: 1,
        video_url: '/media/videos/lessons/7-ab.mp4',
        duration: transcode.duration ?? 90,
        face_points: [],
        original_name: '第一课.mp4',
        created_at: '2026-11-26 13:59:00',
        created_by: 'admin',
        learners: 0,
        transcode,
      },
    ],
    transcode,
  };
}

function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <CoursesPage />
    </Provider>,
  );
}

async function openDrawer() {
  await userEvent.click(await screen.findByRole('button', { name: '编辑抗菌药物临床合理应用' }));
  return screen.findByRole('region', { name: '课时视频' });
}

test('the course drawer polls a running transcode until it is done', async () => {
  let asked = 0;
  stubApi({
    '/v1/admin/course_years': () => ok(YEARS),
    '/v1/admin/courses': () => ok([courseWith(RUNNING)]),
    '/v1/admin/courses/detail': () => {
      asked += 1;
      return ok(courseWith(asked >= 2 ? DONE : RUNNING));
    },
  });
  renderPage();
  const panel = await openDrawer();
  expect((await within(panel).findAllByText('转码中')).length).toBeGreaterThan(0);
  expect(within(panel).getAllByRole('progressbar')[0]).toHaveAttribute('aria-valuenow', '42');
  // The next poll (2 s later) finds it done; polling then stops.
  expect((await within(panel).findAllByText('已完成', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
  expect(within(panel).getAllByText('转码后时长 88 秒').length).toBeGreaterThan(0);
  const settled = asked;
  await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
  expect(asked).toBe(settled);
});

test('重新转码 in the drawer sends the transcode’s id and says it is queued again', async () => {
  const calls = stubApi({
    '/v1/admin/course_years': () => ok(YEARS),
    '/v1/admin/courses': () => ok([courseWith(FAILED)]),
    '/v1/admin/courses/detail': () => ok(courseWith(FAILED)),
    '/v1/admin/courses/transcode_retry': () =>
      ok({ ...FAILED, status: 'queued', status_text: '排队中', reason: '', percent: 0 }),
  });
  renderPage();
  const panel = await openDrawer();
  expect(within(panel).getAllByText(/Decoder \(codec none\) not found/).length).toBeGreaterThan(0);
  await userEvent.click(within(panel).getAllByRole('button', { name: /重\s*新\s*转\s*码/ })[0]!);
  expect(await screen.findByText(TRANSCODE_TEXTS.retried)).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/courses/transcode_retry')?.payload).toMatchObject({
    transcode_id: 11,
  });
});
