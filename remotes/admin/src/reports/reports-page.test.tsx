import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import type { CompletedLearner, ReportGroup, YearReport } from '@yaoshi/contracts/reports';
import { fail, ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { ReportsPage } from './reports-page';

// The chart itself is recharts in a lazily loaded chunk; here only what it is given matters.
jest.mock('./completion-chart', () => ({
  __esModule: true,
  default: ({ groups }: { groups: readonly ReportGroup[] }) => (
    <figure aria-label="各地区完成率图">
      {groups.map((group) => `${group.name}:${group.completion_rate}`).join(' ')}
    </figure>
  ),
}));

afterEach(() => act(() => message.destroy()));

const group = (name: string, enrolled: number, completed: number, hours: number, rate: number): ReportGroup => ({
  name,
  enrolled,
  completed,
  hours_completed: hours,
  completion_rate: rate,
});

const REPORT_2026: YearReport = {
  year: 2026,
  years: [2026, 2025],
  summary: group('合计', 5, 2, 300, 40),
  by_unit: [group('南京鼓楼医院', 2, 1, 150, 50), group('未填写', 1, 1, 90, 100)],
  by_region: [group('江苏省南京市', 2, 1, 150, 50), group('上海市', 1, 1, 90, 100)],
};
const REPORT_2025: YearReport = {
  year: 2025,
  years: [2026, 2025],
  summary: group('合计', 0, 0, 0, 0),
  by_unit: [],
  by_region: [],
};
const DING: CompletedLearner = {
  learner_id: 4,
  name: '丁',
  id_number: '32010619900101004X',
  unit: '未填写',
  region: '上海市',
  professional_hours: 60,
  public_hours: 30,
  hours_completed: 90,
  completed_on: '2026-03-02',
  review_due_on: '2026-03-11',
};

function renderPage() {
  return render(
    <Provider store={createTestStore()}>
      <ReportsPage />
    </Provider>,
  );
}

test('the newest year: summary, the chart by region, tables by unit and region, the completed list', async () => {
  const received = stubApi({
    '/v1/admin/reports/exports': () => ok({ list: [] }),
    '/v1/admin/reports/year': (call) => ok(call.payload['year'] === 2025 ? REPORT_2025 : REPORT_2026),
    '/v1/admin/reports/completed': (call) =>
      ok(call.payload['year'] === 2026 ? { total: 1, list: [DING] } : { total: 0, list: [] }),
  });
  renderPage();
  const summary = await screen.findByRole('group', { name: '年度汇总' });
  expect(summary).toHaveTextContent('报名人数5');
  expect(summary).toHaveTextContent('完成人数2');
  expect(summary).toHaveTextContent('完成学时300.0');
  expect(summary).toHaveTextContent('完成率40.0%');
  expect(await screen.findByRole('figure', { name: '各地区完成率图' })).toHaveTextContent('江苏省南京市:50 上海市:100');
  const units = screen.getByRole('table', { name: '按单位统计' });
  expect(within(units).getByRole('row', { name: /南京鼓楼医院/ })).toHaveTextContent('南京鼓楼医院21150.050.0%');
  const regions = screen.getByRole('table', { name: '按地区统计' });
  expect(within(regions).getByRole('row', { name: /上海市/ })).toHaveTextContent('上海市1190.0100.0%');
  const completed = screen.getByRole('table', { name: '完成学习人员名单' });
  const row = await within(completed).findByRole('row', { name: /丁/ });
  expect(row).toHaveTextContent('32010619900101004X');
  expect(row).toHaveTextContent('2026-03-11');
  expect(screen.getByText(/7个工作日内完成审核归档/)).toBeInTheDocument();
  expect(received.filter((call) => call.path === '/v1/admin/reports/completed').map((call) => call.payload)).toEqual([
    expect.objectContaining({ year: 2026, page: 1, size: 20 }),
  ]);
});

test('another year with nobody enrolled: zeros, no chart, empty tables', async () => {
  stubApi({
    '/v1/admin/reports/exports': () => ok({ list: [] }),
    '/v1/admin/reports/year': (call) => ok(call.payload['year'] === 2025 ? REPORT_2025 : REPORT_2026),
    '/v1/admin/reports/completed': () => ok({ total: 0, list: [] }),
  });
  renderPage();
  await screen.findByRole('group', { name: '年度汇总' });
  await userEvent.click(screen.getByRole('combobox', { name: '年度' }));
  await userEvent.click(await screen.findByTitle('2025年度'));
  await waitFor(() => expect(screen.getByRole('group', { name: '年度汇总' })).toHaveTextContent('报名人数0'));
  expect(screen.queryByRole('figure', { name: '各地区完成率图' })).not.toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: '按单位统计' })).getAllByText('暂无数据').length).toBeGreaterThan(0);
});

const EXPORTED = {
  export_id: 7,
  year: 2026,
  report: 'completed',
  report_text: '完成学习人员名单',
  status: 'queued',
  status_text: '排队中',
  reason: '',
  file_name: '2026年度完成学习人员名单.xlsx',
  rows: null,
  requested_by: 'auditor',
  created_at: '2026-11-26 10:00:00',
  finished_at: '',
  downloadable: false,
} as const;

test('导出 asks the server for the export, follows it while it is made, and saves it once done', async () => {
  let listed = 0;
  const received = stubApi({
    '/v1/admin/reports/year': () => ok(REPORT_2026),
    '/v1/admin/reports/completed': () => ok({ total: 1, list: [DING] }),
    '/v1/admin/reports/export': () => ok(EXPORTED),
    // Nothing yet; then 排队中 (twice); then 已完成.
    '/v1/admin/reports/exports': () => {
      listed += 1;
      if (listed === 1) return ok({ list: [] });
      if (listed <= 3) return ok({ list: [EXPORTED] });
      return ok({
        list: [
          {
            ...EXPORTED,
            status: 'done',
            status_text: '已完成',
            rows: 1,
            finished_at: '2026-11-26 10:00:03',
            downloadable: true,
          },
        ],
      });
    },
    '/v1/admin/reports/export_file': () => ok({ file_name: EXPORTED.file_name, xlsx_base64: btoa('PK') }),
  });
  const createObjectURL = jest.fn(() => 'blob:report');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: '导出完成名单' }));
  expect(await screen.findByText(`正在生成 ${EXPORTED.file_name}，完成后自动下载`)).toBeInTheDocument();
  expect(await screen.findByText('已导出 2026年度完成学习人员名单.xlsx', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(received.filter((call) => call.path === '/v1/admin/reports/export').map((call) => call.payload)).toEqual([
    expect.objectContaining({ year: 2026, report: 'completed' }),
  ]);
  expect(received.filter((call) => call.path === '/v1/admin/reports/export_file').map((call) => call.payload)).toEqual([
    expect.objectContaining({ export_id: 7 }),
  ]);
  expect(createObjectURL).toHaveBeenCalledTimes(1);
  expect(click).toHaveBeenCalledTimes(1);
  const table = screen.getByRole('table', { name: '导出记录' });
  expect(within(table).getByText('已完成')).toBeInTheDocument();
  expect(within(table).getByRole('button', { name: `下载 ${EXPORTED.file_name}` })).toBeInTheDocument();
  click.mockRestore();
});

test('a failed export says why, in the message and in 导出记录', async () => {
  let listed = 0;
  stubApi({
    '/v1/admin/reports/year': () => ok(REPORT_2026),
    '/v1/admin/reports/completed': () => ok({ total: 0, list: [] }),
    '/v1/admin/reports/export': () => ok({ ...EXPORTED, report: 'summary', file_name: '2026年度学习情况统计.xlsx' }),
    '/v1/admin/reports/exports': () => {
      listed += 1;
      return ok({
        list:
          listed === 1
            ? []
            : [
                {
                  ...EXPORTED,
                  report: 'summary',
                  file_name: '2026年度学习情况统计.xlsx',
                  status: 'failed',
                  status_text: '失败',
                  reason: '生成失败，已尝试 3 次：磁盘已满',
                },
              ],
      });
    },
  });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: '导出统计表' }));
  expect(
    await screen.findByText(
      '2026年度学习情况统计.xlsx 生成失败：生成失败，已尝试 3 次：磁盘已满',
      {},
      { timeout: 10_000 },
    ),
  ).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: '导出记录' })).getByText('失败')).toBeInTheDocument();
});

test('a failed load shows the error state, and 重试 loads again', async () => {
  let calls = 0;
  stubApi({
    '/v1/admin/reports/exports': () => ok({ list: [] }),
    '/v1/admin/reports/year': () => {
      calls += 1;
      return calls === 1 ? fail(500, '服务器错误') : ok(REPORT_2026);
    },
    '/v1/admin/reports/completed': () => ok({ total: 0, list: [] }),
  });
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: /重\s*试/ }));
  expect(await screen.findByRole('group', { name: '年度汇总' })).toHaveTextContent('报名人数5');
});
