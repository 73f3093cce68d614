import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ExamPaper } from '@yaoshi/contracts/exams';
import { fail, ok, stubApi, type ReceivedCall } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import ExamListPage from './exam-list-page';
import ExamPage from './exam-page';
import { examProgressKey } from './exam-progress';
import MockExamPage from './mock-exam-page';
import { tokens } from '@yaoshi/ui/site-tokens';

function inProgress(pid: number): ExamPaper {
  return {
    pid,
    year: 2025,
    type: 1,
    is_post: 1,
    create_time: '2025-06-16 10:00:00',
    right: null,
    wrong: null,
    questions: [
      {
        qid: 11,
        qtype: 1,
        title: '华法林抗凝治疗最常用的监测指标是',
        options: 'APTT\nINR\n血小板计数\nTT',
        answer: null,
        user_answer: '',
        is_right: null,
      },
      {
        qid: 12,
        qtype: 2,
        title: '下列属于大环内酯类的有',
        options: '阿奇霉素\n克拉霉素\n红霉素\n头孢呋辛',
        answer: null,
        user_answer: '',
        is_right: null,
      },
      {
        qid: 13,
        qtype: 3,
        title: '缓释片一般不宜掰开服用。',
        options: '正确\n错误',
        answer: null,
        user_answer: '',
        is_right: null,
      },
    ],
  };
}

function submitted(pid: number): ExamPaper {
  const paper = inProgress(pid);
  const keys = ['2', '1,2,3', '1'];
  const given = ['2', '1,2', '1'];
  return {
    ...paper,
    is_post: 2,
    right: 2,
    wrong: 1,
    questions: paper.questions.map((q, i) => ({
      ...q,
      answer: keys[i]!,
      user_answer: given[i]!,
      is_right: keys[i] === given[i],
    })),
  };
}

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderAt(path: string) {
  const store = createTestStore();
  const view = (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/exam" element={<ExamPage />} />
          <Route path="/examList" element={<ExamListPage />} />
          <Route path="/mockExam" element={<MockExamPage />} />
          <Route path="*" element={<p>其他页面</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </Provider>
  );
  return render(view);
}

const location = () => screen.getByTestId('location').textContent;

// antd tables and carousels render slowly in jsdom on a shared 2-core machine.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => localStorage.clear());
afterEach(() => act(() => message.destroy()));

/** A stub of the exam endpoints that keeps the answers saved, like the server. */
function stubExamServer(
  pid: number,
  saved: Record<string, string> = {},
  refuse?: { message: string; keep: Record<string, string> },
) {
  const answers = { ...saved };
  const withAnswers = (): ExamPaper => {
    const paper = inProgress(pid);
    return { ...paper, questions: paper.questions.map((q) => ({ ...q, user_answer: answers[q.qid] ?? '' })) };
  };
  const received = stubApi({
    '/v1/exam': () => ok(withAnswers()),
    '/v1/exam_answer': (call) => {
      if (refuse) {
        Object.assign(answers, refuse.keep);
        return fail(400, refuse.message);
      }
      const { qid, user_answer } = call.payload as { qid: number; user_answer: string };
      answers[qid] = user_answer;
      return ok({ pid, qid, user_answer, answered: Object.keys(answers).length, num: 3 });
    },
    '/v1/exam_record': () => ok({ pid, right: 2, wrong: 1, num: 3 }),
  });
  return { received, answers };
}

describe('/exam', () => {
  test('a start with year and type loads a paper and moves to its pid', async () => {
    const received: ReceivedCall[] = stubApi({ '/v1/exam': () => ok(inProgress(7)) });
    renderAt('/exam?year=2025&type=1');
    expect(await screen.findByText('华法林抗凝治疗最常用的监测指标是')).toBeInTheDocument();
    expect(received[0]?.payload).toMatchObject({ year: 2025, type: 1 });
    await waitFor(() => expect(location()).toBe('/exam?pid=7'));
  });

  test('answering locks a question, a multiple choice needs an option, each answer is saved on the server, and a reload resumes from the server', async () => {
    const { received } = stubExamServer(7);
    const user = userEvent.setup();
    const first = renderAt('/exam?pid=7');
    await user.click(await screen.findByRole('radio', { name: 'B. INR' }));
    expect(screen.getByRole('radio', { name: 'B. INR' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'A. APTT' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /下一题/ }));

    const slide = screen.getByRole('region', { name: '第2题' });
    await user.click(within(slide).getByRole('button', { name: /确定答案/ }));
    expect(await screen.findByText('请选择多选题选项')).toBeInTheDocument();
    await user.click(within(slide).getByRole('checkbox', { name: 'C. 红霉素' }));
    await user.click(within(slide).getByRole('checkbox', { name: 'A. 阿奇霉素' }));
    await user.click(within(slide).getByRole('button', { name: /确定答案/ }));
    expect(within(slide).getByRole('checkbox', { name: 'B. 克拉霉素' })).toBeDisabled();
    await waitFor(() =>
      expect(
        received
          .filter((c) => c.path === '/v1/exam_answer')
          .map(({ payload: { pid, qid, user_answer } }) => ({ pid, qid, user_answer })),
      ).toEqual([
        { pid: 7, qid: 11, user_answer: '2' },
        { pid: 7, qid: 12, user_answer: '1,3' },
      ]),
    );
    // Only the page is kept in the browser.
    expect(JSON.parse(localStorage.getItem(examProgressKey(7))!)).toEqual({ page: 1 });

    first.unmount();
    localStorage.clear(); // another browser: nothing stored locally, it opens at the first unanswered question
    renderAt('/exam?pid=7');
    await screen.findByRole('region', { name: '第3题' });
    expect(screen.getByText('已答 2 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /上一题/ }));
    expect(
      within(screen.getByRole('region', { name: '第2题' })).getByRole('checkbox', { name: 'A. 阿奇霉素' }),
    ).toBeChecked();
    expect(
      within(screen.getByRole('region', { name: '第2题' })).getByRole('checkbox', { name: 'C. 红霉素' }),
    ).toBeDisabled();
  });

  test("a refused save loads the paper again: the server's answer wins", async () => {
    stubExamServer(7, {}, { message: '该题已作答，答案不能修改', keep: { '11': '3' } });
    const user = userEvent.setup();
    renderAt('/exam?pid=7');
    await user.click(await screen.findByRole('radio', { name: 'B. INR' }));
    expect(await screen.findByText('该题已作答，答案不能修改')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'C. 血小板计数' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'B. INR' })).not.toBeChecked();
  });

  test("提交 asks for confirmation with the unanswered count; confirmed, it sends every answer, shows the server's counts and returns to /myCourse", async () => {
    localStorage.setItem(examProgressKey(7), JSON.stringify({ page: 2 }));
    const { received } = stubExamServer(7, { '11': '2', '12': '1,2' });
    const user = userEvent.setup();
    renderAt('/exam?pid=7');
    await user.click(await screen.findByRole('button', { name: /提\s*交/ }));
    const dialog = await screen.findByRole('dialog', { name: '确认提交' });
    expect(within(dialog).getByTestId('submit-confirm-text')).toHaveTextContent('还有 1 题未作答');
    await user.click(within(dialog).getByRole('button', { name: /继续作答/ }));
    expect(received.some((c) => c.path === '/v1/exam_record')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'A. 正确' }));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    const again = await screen.findByRole('dialog', { name: '确认提交' });
    expect(within(again).getByTestId('submit-confirm-text')).toHaveTextContent('3 题已全部作答');
    await user.click(within(again).getByRole('button', { name: /确定提交/ }));
    expect(await screen.findByTestId('exam-result')).toHaveTextContent('共 3 题，答对 2 题，答错 1 题');
    const call = received.find((c) => c.path === '/v1/exam_record');
    expect(call?.payload.pid).toBe(7);
    expect(JSON.parse(call?.payload.questions as string)).toEqual([
      { qid: 11, user_answer: '2' },
      { qid: 12, user_answer: '1,2' },
      { qid: 13, user_answer: '1' },
    ]);
    expect(call?.payload).not.toHaveProperty('right');
    expect(localStorage.getItem(examProgressKey(7))).toBeNull();
    await user.click(screen.getByRole('button', { name: /返回我的课程/ }));
    expect(location()).toBe('/myCourse');
  });

  test("a submitted paper is reviewed with the correct answer beside the learner's", async () => {
    stubApi({ '/v1/exam': () => ok(submitted(8)) });
    const user = userEvent.setup();
    renderAt('/exam?pid=8&look=1');
    expect(await screen.findByTestId('exam-score')).toHaveTextContent('共 3 题，答对 2 题，答错 1 题');
    await user.click(screen.getByRole('button', { name: /下一题/ }));
    const slide = screen.getByRole('region', { name: '第2题' });
    expect(within(slide).getByText('正确答案：A、B、C')).toBeInTheDocument();
    expect(within(slide).getByText('你的答案：A、B')).toBeInTheDocument();
    expect(within(slide).getByText('回答错误')).toBeInTheDocument();
    expect(within(slide).getByText('C. 红霉素')).toHaveStyle({ color: tokens.colorTextSuccess }); // a correct option the learner missed
    expect(within(slide).getByText('D. 头孢呋辛')).not.toHaveStyle({ color: tokens.colorTextSuccess });
  });

  test('a paper that cannot be loaded returns to /examList', async () => {
    stubApi({
      '/v1/exam': () => fail(404, '试卷不存在'),
      '/v1/exam_lists': () => ok({ data: [], total: 0, years: [] }),
    });
    renderAt('/exam?pid=99');
    await waitFor(() => expect(location()).toBe('/examList'));
    expect(await screen.findByText('试卷不存在')).toBeInTheDocument();
  });

  test('/exam without a year says 没有选择当年度的课程 and returns to /examList', async () => {
    const received = stubApi({ '/v1/exam_lists': () => ok({ data: [], total: 0, years: [] }) });
    renderAt('/exam?type=1');
    await waitFor(() => expect(location()).toBe('/examList'));
    expect(await screen.findByText('没有选择当年度的课程')).toBeInTheDocument();
    expect(received.some((c) => c.path === '/v1/exam')).toBe(false);
  });
});

describe('/examList', () => {
  const rows = [
    { pid: 31, create_time: '2025-06-16 09:00:00', is_post: 1, num: 20, year: 2025, type: 1, right: null },
    { pid: 30, create_time: '2025-06-13 09:00:00', is_post: 2, num: 20, year: 2025, type: 1, right: 15 },
  ];

  test('lists papers of the newest year with continue and review, and starts with year and type', async () => {
    const received = stubApi({ '/v1/exam_lists': () => ok({ data: rows, total: 2, years: [2025, 2024] }) });
    const user = userEvent.setup();
    renderAt('/examList');
    expect(await screen.findByText('答对 15 / 20')).toBeInTheDocument();
    await waitFor(() => expect(received.at(-1)?.payload).toMatchObject({ year: 2025, type: 1, page: 1 }));
    await user.click(screen.getByRole('button', { name: /继续练习/ }));
    expect(location()).toBe('/exam?pid=31');
  });

  test('review and start links', async () => {
    stubApi({ '/v1/exam_lists': () => ok({ data: rows, total: 2, years: [2025] }) });
    const user = userEvent.setup();
    const view = renderAt('/examList');
    await user.click(await screen.findByRole('button', { name: /查\s*看/ }));
    expect(location()).toBe('/exam?pid=30&look=1');
    view.unmount();
    stubApi({ '/v1/exam_lists': () => ok({ data: rows, total: 2, years: [2025] }) });
    renderAt('/examList');
    await screen.findByText('答对 15 / 20');
    await user.click(screen.getByRole('tab', { name: '公需课' }));
    await user.click(screen.getByRole('button', { name: /开始练习/ }));
    expect(location()).toBe('/exam?year=2025&type=2');
  });

  test('a course with a question bank is practised from its own bank; its papers are named by the course', async () => {
    stubApi({
      '/v1/exam_lists': () =>
        ok({
          data: [{ ...rows[0], cid: 7, course_name: '药物警戒与安全用药' }, rows[1]],
          total: 2,
          years: [2025],
          courses: [{ cid: 7, name: '药物警戒与安全用药', year: 2025 }],
        }),
    });
    const user = userEvent.setup();
    renderAt('/examList');
    expect(await screen.findByRole('cell', { name: '药物警戒与安全用药' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '年度综合练习' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '药物警戒与安全用药' }));
    expect(location()).toBe('/exam?year=2025&type=1&cid=7');
  });

  test('with no year to choose, 开始练习 says 没有选择当年度的课程', async () => {
    stubApi({ '/v1/exam_lists': () => ok({ data: [], total: 0, years: [] }) });
    const user = userEvent.setup();
    renderAt('/examList');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /开始练习/ }));
    expect(await screen.findByText('没有选择当年度的课程')).toBeInTheDocument();
    expect(location()).toBe('/examList');
  });
});

test('/mockExam: a static sample table whose 再考一次 leads to the practice list', async () => {
  const received = stubApi({});
  const user = userEvent.setup();
  renderAt('/mockExam');
  expect(screen.getByText('执业药师继续教育模拟考试（专业课）')).toBeInTheDocument();
  await user.click(screen.getAllByRole('button', { name: /再考一次/ })[0]!);
  await waitFor(() => expect(location()).toBe('/examList'));
  expect(received.filter((c) => c.path !== '/v1/exam_lists')).toHaveLength(0);
});
