import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import type { ArchiveReviewList, ArchiveReviewRow } from '@yaoshi/contracts/archive-reviews';
import { ok, stubApi } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { ArchiveReviewsPage } from './archive-reviews-page';

afterEach(() => act(() => message.destroy()));

const row = (learner_id: number, name: string, extra: Partial<ArchiveReviewRow> = {}): ArchiveReviewRow => ({
  learner_id,
  name,
  id_number: `32010219900615${String(learner_id).padStart(4, '0')}`,
  unit: '南京市第一医院',
  region: '江苏省 南京市',
  professional_hours: 60,
  public_hours: 30,
  hours_completed: 90,
  completed_on: '2026-11-20',
  review_due_on: '2026-12-01',
  status: 'pending',
  reason: null,
  reviewed_by: null,
  reviewed_at: null,
  ...extra,
});

const listOf = (rows: ArchiveReviewRow[]): ArchiveReviewList => ({
  year: 2026,
  years: [2026, 2025],
  counts: { pending: rows.length, passed: 3, rejected: 1 },
  total: rows.length,
  list: rows,
});

function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <ArchiveReviewsPage />
    </Provider>,
  );
}

test('lists the pending completers with their hours and due day; an overdue one is marked', async () => {
  const calls = stubApi({
    '/v1/admin/archive_reviews': () =>
      ok(listOf([row(1, '陈静'), row(2, '李明', { completed_on: '2020-01-02', review_due_on: '2020-01-13' })])),
  });
  renderPage();
  const chen = await screen.findByRole('row', { name: /陈静/ });
  expect(chen).toHaveTextContent('60.0');
  expect(chen).toHaveTextContent('30.0');
  expect(chen).toHaveTextContent('待审核');
  expect(screen.getByRole('row', { name: /李明/ })).toHaveTextContent('2020-01-13（已超期）');
  expect(screen.getByRole('group', { name: '审核统计' })).toHaveTextContent('审核通过 3 人');
  expect(calls.find((call) => call.path === '/v1/admin/archive_reviews')?.payload).toMatchObject({
    status: 'pending',
    page: 1,
  });
});

test('passes one after a confirmation, and several at once with the check boxes', async () => {
  const calls = stubApi({
    '/v1/admin/archive_reviews': () => ok(listOf([row(1, '陈静'), row(2, '李明')])),
    '/v1/admin/archive_reviews/decide': () => ok({ decided: 1 }),
  });
  renderPage();
  const chen = await screen.findByRole('row', { name: /陈静/ });
  await userEvent.click(within(chen).getByRole('button', { name: /^通\s*过$/ }));
  await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /^通\s*过$/ }));
  expect(await screen.findByText('已通过 陈静 的学习档案审核')).toBeInTheDocument();
  expect(calls.filter((call) => call.path === '/v1/admin/archive_reviews/decide').at(-1)?.payload).toMatchObject({
    year: 2026,
    learner_ids: [1],
    decision: 'pass',
  });

  await userEvent.click(screen.getByRole('checkbox', { name: '选择 陈静' }));
  await userEvent.click(screen.getByRole('checkbox', { name: '选择 李明' }));
  await userEvent.click(screen.getByRole('button', { name: /批量通过（2）/ }));
  await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /全部通过/ }));
  expect(await screen.findByText('已通过 2 名学员 的学习档案审核')).toBeInTheDocument();
  expect(calls.filter((call) => call.path === '/v1/admin/archive_reviews/decide').at(-1)?.payload).toMatchObject({
    year: 2026,
    learner_ids: [1, 2],
    decision: 'pass',
  });
});

test('failing a review asks for the reason the learner will read, then sends it', async () => {
  const calls = stubApi({
    '/v1/admin/archive_reviews': () => ok(listOf([row(1, '陈静')])),
    '/v1/admin/archive_reviews/decide': () => ok({ decided: 1 }),
  });
  renderPage();
  const chen = await screen.findByRole('row', { name: /陈静/ });
  await userEvent.click(within(chen).getByRole('button', { name: '不通过' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('陈静 的学习档案审核不通过');
  const confirm = within(dialog).getByRole('button', { name: /^不通过$/ });
  expect(confirm).toBeDisabled();
  fireEvent.change(within(dialog).getByLabelText('不通过原因'), { target: { value: '存在他人代学行为' } });
  await userEvent.click(confirm);
  expect(await screen.findByText('已判定 陈静 的学习档案审核不通过')).toBeInTheDocument();
  expect(calls.find((call) => call.path === '/v1/admin/archive_reviews/decide')?.payload).toMatchObject({
    year: 2026,
    learner_ids: [1],
    decision: 'reject',
    reason: '存在他人代学行为',
  });
});

test('a decided review shows who decided and why, and can be changed', async () => {
  stubApi({
    '/v1/admin/archive_reviews': () =>
      ok(
        listOf([
          row(1, '陈静', {
            status: 'rejected',
            reason: '存在场外交易行为',
            reviewed_by: 'registrar',
            reviewed_at: '2026-11-24 09:00:00',
          }),
          row(2, '李明', { status: 'passed', reviewed_by: 'registrar', reviewed_at: '2026-11-24 09:05:00' }),
        ]),
      ),
  });
  renderPage();
  const chen = await screen.findByRole('row', { name: /陈静/ });
  expect(chen).toHaveTextContent('审核不通过');
  expect(chen).toHaveTextContent('存在场外交易行为');
  expect(chen).toHaveTextContent('registrar 2026-11-24 09:00:00');
  expect(within(chen).getByRole('button', { name: '改为通过' })).toBeInTheDocument();
  expect(within(chen).getByRole('checkbox')).toBeDisabled();
  expect(
    within(screen.getByRole('row', { name: /李明/ })).getByRole('button', { name: '改为不通过' }),
  ).toBeInTheDocument();
});
