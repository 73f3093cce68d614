import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { StudyCourse, StudySummaryResponse } from '@yaoshi/contracts/study';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import ProfessionalStudyPage from './professional-study-page';
import PublicStudyPage from './public-study-page';
import { congratulationKey } from './congratulation-flag';

function course(cid: number, name: string, learn_progress: number, is_grade = 0): StudyCourse {
  return {
    cid,
    course_id: cid,
    name,
    thumb: '',
    credit: 2,
    class_hour: 6,
    course_type: 1,
    learn_progress,
    is_grade,
    learn_time: 0,
  };
}

function summary(courses: StudyCourse[], avatar_status = 1): StudySummaryResponse {
  return {
    courses,
    total: courses.length,
    complete: courses.filter((c) => c.learn_progress === 100).length,
    class_hour: courses.length * 6,
    year_class_hour: 60,
    avatar_status,
    car: '',
    year: 2026,
    is_buxue: 0,
    years: [
      { year: 2026, is_buxue: 0 },
      { year: 2024, is_buxue: 1 },
    ],
  };
}

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderAt(path: string, page: React.ReactNode) {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<Location />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => {
  act(() => message.destroy());
  localStorage.clear();
});

test('the banner counts only finished courses, with one decimal; each course offers start, continue or review', async () => {
  stubApi({ '/v1/mycourses': () => ok(summary([course(1, '甲', 100, 4), course(2, '乙', 50), course(3, '丙', 0)])) });
  renderAt('/myCourse', <ProfessionalStudyPage />);
  const banner = await screen.findByRole('region', { name: '学习概况' });
  expect(within(banner).getByText('总进度').parentElement?.parentElement).toHaveTextContent('50%');
  expect(banner).toHaveTextContent('6.0');
  expect(banner).toHaveTextContent('1 / 3');
  expect(within(screen.getByRole('listitem', { name: '甲' })).getByRole('button')).toHaveTextContent(/复\s*习/);
  expect(within(screen.getByRole('listitem', { name: '乙' })).getByRole('button')).toHaveTextContent('继续学习');
  const start = within(screen.getByRole('listitem', { name: '丙' })).getByRole('button');
  expect(start).toHaveTextContent('开始学习');
  await userEvent.click(start);
  expect(screen.getByTestId('location')).toHaveTextContent('/videoLearning?cid=3&classState=0&year=2026');
});

test('an avatar under review blocks every start', async () => {
  stubApi({ '/v1/mycourses': () => ok(summary([course(1, '甲', 0)], 2)) });
  renderAt('/myCourse', <ProfessionalStudyPage />);
  const button = within(await screen.findByRole('listitem', { name: '甲' })).getByRole('button');
  expect(button).toHaveTextContent('头像审核中');
  expect(button).toBeDisabled();
});

test('a public course opens only after the previous one is finished and rated', async () => {
  stubApi({
    '/v1/public_courses_my': () => ok(summary([course(1, '甲', 100, 0), course(2, '乙', 0), course(3, '丙', 0)])),
  });
  renderAt('/publicCourse', <PublicStudyPage />);
  await userEvent.click(within(await screen.findByRole('listitem', { name: '乙' })).getByRole('button'));
  expect(await screen.findByText('请先完成前一课程的评价')).toBeInTheDocument();
  await userEvent.click(within(screen.getByRole('listitem', { name: '丙' })).getByRole('button'));
  expect(await screen.findByText('请先完成前一课程的学习')).toBeInTheDocument();
  await userEvent.click(within(screen.getByRole('listitem', { name: '甲' })).getByRole('button', { name: /复\s?习/ }));
  expect(screen.getByTestId('location')).toHaveTextContent('/publicVideoLearning?cid=1');
});

test('a finished course left unrated is rated from its row, without opening the lesson', async () => {
  const rated: unknown[] = [];
  let graded = 0;
  stubApi({
    '/v1/public_courses_my': () =>
      ok(summary([course(1, '甲', 100, graded), course(2, '乙', 0), course(3, '丙', 100, 4)])),
    '/v1/course_evaluate': (request) => {
      rated.push(request.payload);
      graded = 4;
      return ok(null);
    },
  });
  renderAt('/publicCourse', <PublicStudyPage />);
  const row = await screen.findByRole('listitem', { name: '甲' });
  expect(within(row).getByText('未评价')).toBeInTheDocument();
  // Only the finished, unrated course offers 评价.
  expect(within(screen.getByRole('listitem', { name: '乙' })).queryByRole('button', { name: /评价/ })).toBeNull();
  expect(within(screen.getByRole('listitem', { name: '丙' })).queryByRole('button', { name: /评价/ })).toBeNull();
  await userEvent.click(within(row).getByRole('button', { name: '评价 甲' }));
  const dialog = await screen.findByRole('dialog', { name: '课程评价：甲' });
  await userEvent.click(within(dialog).getByLabelText('非常满意'));
  await userEvent.click(within(dialog).getByRole('button', { name: '提交评价' }));
  expect(await screen.findByText('评价成功')).toBeInTheDocument();
  expect(rated).toEqual([expect.objectContaining({ course_id: 1, stu_grade: 4, type: 1 })]);
  expect(await within(await screen.findByRole('listitem', { name: '甲' })).findByText('已评价')).toBeInTheDocument();
});

test('the congratulation popup appears once when every course is finished', async () => {
  stubApi({
    '/v1/mycourses': () => ok(summary([course(1, '甲', 100, 4)])),
    '/v1/certificate_status': () =>
      ok({
        year: 2026,
        available: 0,
        certificate_no: null,
        revoked: 0,
        review: null,
        review_due_on: null,
        review_reason: null,
      }),
  });
  renderAt('/myCourse', <ProfessionalStudyPage />);
  expect(await screen.findByText('恭喜您已完成全部课程的学习！')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '模拟考试' })).toBeInTheDocument();
  expect(localStorage.getItem(congratulationKey('professional', 2026))).toBe('1');
});
