import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { QUESTION_BANK_MESSAGES } from '@yaoshi/contracts/question-bank-rules';
import type { BankCourse, BankQuestion, QuestionImportReport } from '@yaoshi/contracts/question-banks';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { QuestionBanksPage } from './question-banks-page';

// antd tables, selects and modals: slow on a busy two-core machine.
jest.setTimeout(180_000);
afterEach(() => act(() => message.destroy()));

const REQUIRED = { 1: 10, 2: 5, 3: 5 } as const;
const COURSE: BankCourse = {
  cid: 7,
  year: 2025,
  name: '药物警戒与安全用药',
  kind_text: '专业课',
  exam_type: 1,
  bank: { counts: { 1: 1, 2: 1, 3: 0 }, required: REQUIRED, short: [1, 2, 3], enough: false },
};
const SINGLE: BankQuestion = {
  qid: 41,
  qtype: 1,
  title: '华法林抗凝治疗最常用的监测指标是',
  options: ['APTT', 'INR', '血小板计数', 'TT'],
  answer: '2',
  used: 0,
  created_at: '2025-06-16 10:00:00',
};
const MULTIPLE: BankQuestion = {
  qid: 42,
  qtype: 2,
  title: '处方审核的内容包括',
  options: ['用法用量', '重复给药', '配伍禁忌'],
  answer: '1,2,3',
  used: 3,
  created_at: '2025-06-16 10:00:00',
};

function stubBank(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/v1/admin/question-banks/courses': () => ok({ years: [2025, 2024], year: 2025, courses: [COURSE] }),
    '/v1/admin/question-banks/questions': () => ok({ course: COURSE, total: 2, list: [MULTIPLE, SINGLE] }),
    ...extra,
  });
}

function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <QuestionBanksPage />
    </Provider>,
  );
}

test('lists the first course’s questions with their answers, and says the bank is too small for a paper', async () => {
  const calls = stubBank();
  renderPage();
  const table = await screen.findByRole('table', { name: '题目' });
  expect(await within(table).findByText(SINGLE.title)).toBeInTheDocument();
  expect(within(table).getByText('ABC')).toBeInTheDocument();
  expect(within(table).getByText('A. APTT；B. INR；C. 血小板计数；D. TT')).toBeInTheDocument();
  expect(screen.getByTestId('bank-readiness')).toHaveTextContent(
    '题库题量不足，学员暂不能生成该课程的练习试卷：每份试卷需单选题10道、多选题5道、判断题5道，现有单选题1道、多选题1道、判断题0道。',
  );
  expect(calls.find((call) => call.path === '/v1/admin/question-banks/questions')?.payload).toMatchObject({
    cid: 7,
    page: 1,
  });
});

test('the preview is the learner’s question card: a multiple choice is answered by choosing and confirming', async () => {
  stubBank();
  const user = userEvent.setup();
  renderPage();
  const table = await screen.findByRole('table', { name: '题目' });
  const row = (await within(table).findByText(MULTIPLE.title)).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: /预\s*览/ }));
  const card = await screen.findByRole('region', { name: '第1题' });
  expect(within(card).getByText('多选题')).toBeInTheDocument();
  expect(within(card).getByText('第 1 / 1 题')).toBeInTheDocument();
  await user.click(within(card).getByText('A. 用法用量'));
  await user.click(within(card).getByRole('button', { name: /确定答案/ }));
  expect(await screen.findByText('正确答案：A、B、C；所选：A')).toBeInTheDocument();
});

test('a question by hand is checked by the import’s rules before anything is sent', async () => {
  const calls = stubBank({
    '/v1/admin/question-banks/questions/create': (call) =>
      ok({ question: { ...SINGLE, qid: 50 }, replaced_qid: null, sent: call.payload }),
  });
  const user = userEvent.setup();
  renderPage();
  await screen.findByRole('table', { name: '题目' });
  await user.click(screen.getByRole('button', { name: /新增题目/ }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
  expect(
    await within(dialog).findByText(
      [
        QUESTION_BANK_MESSAGES.titleMissing,
        QUESTION_BANK_MESSAGES.tooFewOptions,
        QUESTION_BANK_MESSAGES.answerMissing,
      ].join('；'),
    ),
  ).toBeInTheDocument();
  expect(calls.some((call) => call.path === '/v1/admin/question-banks/questions/create')).toBe(false);

  fireEvent.change(within(dialog).getByLabelText('题干'), { target: { value: '新的单选题' } });
  fireEvent.change(within(dialog).getByLabelText('选项A'), { target: { value: '甲' } });
  fireEvent.change(within(dialog).getByLabelText('选项B'), { target: { value: '乙' } });
  await user.click(within(dialog).getByRole('radio', { name: 'B' }));
  await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
  await waitFor(() =>
    expect(calls.find((call) => call.path === '/v1/admin/question-banks/questions/create')?.payload).toMatchObject({
      cid: 7,
      qtype: 1,
      title: '新的单选题',
      options: ['甲', '乙', '', ''],
      answer: '2',
    }),
  );
});

test('an import with bad rows shows each row and why, and cannot be confirmed', async () => {
  const report: QuestionImportReport = {
    rows: 5,
    valid: 3,
    failed: [
      { row: 4, title: '只有一个答案的多选题', reasons: [QUESTION_BANK_MESSAGES.multipleWithOne] },
      { row: 6, title: '', reasons: [QUESTION_BANK_MESSAGES.titleMissing, QUESTION_BANK_MESSAGES.answerNotAnOption] },
    ],
    adds: { 1: 2, 2: 0, 3: 1 },
    bank_after: COURSE.bank,
  };
  const calls = stubBank({ '/v1/admin/question-banks/import/check': () => ok(report) });
  const user = userEvent.setup();
  renderPage();
  await screen.findByRole('table', { name: '题目' });
  await user.click(screen.getByRole('button', { name: /导入题目/ }));
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(
    input,
    new File(['xlsx bytes'], '题目.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
  );
  await waitFor(() => expect(calls.some((call) => call.path === '/v1/admin/question-banks/import/check')).toBe(true));
  const result = await within(dialog).findByRole('region', { name: '检查结果' });
  expect(within(result).getByText('共5行：2行未通过检查，不能导入')).toBeInTheDocument();
  const failed = within(result).getByRole('table', { name: '未通过的行' });
  expect(within(failed).getByText(QUESTION_BANK_MESSAGES.multipleWithOne)).toBeInTheDocument();
  expect(
    within(failed).getByText(`${QUESTION_BANK_MESSAGES.titleMissing}；${QUESTION_BANK_MESSAGES.answerNotAnOption}`),
  ).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: /确认导入/ })).toBeDisabled();
  expect(calls.find((call) => call.path === '/v1/admin/question-banks/import/check')?.payload).toMatchObject({
    cid: 7,
  });
});
