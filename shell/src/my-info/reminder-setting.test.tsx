import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { fail, ok, stubApi, type ReceivedCall } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { ReminderSettingSection } from './reminder-setting';

afterEach(() => act(() => message.destroy()));

function renderSection() {
  render(
    <Provider store={createTestStore()}>
      <ReminderSettingSection />
    </Provider>,
  );
}

const saves = (calls: ReceivedCall[]) =>
  calls.filter((call) => call.path === '/v1/reminder_setting' && call.method === 'POST');

test('shows the learner’s current setting and turns reminders off through the API', async () => {
  let wanted = true;
  const calls = stubApi({
    '/v1/reminder_setting': (call) => {
      if (call.method === 'POST') wanted = call.payload.year_end_reminders === true;
      return ok({ year_end_reminders: wanted });
    },
  });
  renderSection();
  const toggle = await screen.findByRole('switch', { name: '接收学时提醒' });
  expect(toggle).toBeChecked();
  expect(toggle).toHaveTextContent('接收');

  await userEvent.click(toggle);
  expect(await screen.findByText('已关闭学时提醒')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('switch', { name: '接收学时提醒' })).not.toBeChecked());
  expect(screen.getByRole('switch', { name: '接收学时提醒' })).toHaveTextContent('不接收');
  expect(saves(calls).map((call) => [call.method, call.payload.year_end_reminders])).toEqual([['POST', false]]);
  expect(calls.every((call) => call.signatureOk)).toBe(true);
});

test('a learner who opted out sees it off and can turn reminders on again', async () => {
  let wanted = false;
  const calls = stubApi({
    '/v1/reminder_setting': (call) => {
      if (call.method === 'POST') wanted = call.payload.year_end_reminders === true;
      return ok({ year_end_reminders: wanted });
    },
  });
  renderSection();
  const toggle = await screen.findByRole('switch', { name: '接收学时提醒' });
  await waitFor(() => expect(toggle).not.toBeChecked());
  await userEvent.click(toggle);
  expect(await screen.findByText('已开启学时提醒')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('switch', { name: '接收学时提醒' })).toBeChecked());
  expect(saves(calls).map((call) => [call.method, call.payload.year_end_reminders])).toEqual([['POST', true]]);
});

test('a refused save shows the server’s Chinese words and the switch stays as it was', async () => {
  stubApi({
    '/v1/reminder_setting': (call) =>
      call.method === 'POST' ? fail(500, '服务器繁忙，请稍后再试') : ok({ year_end_reminders: true }),
  });
  renderSection();
  const toggle = await screen.findByRole('switch', { name: '接收学时提醒' });
  await waitFor(() => expect(toggle).toBeChecked());
  await userEvent.click(toggle);
  expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeInTheDocument();
  expect(screen.queryByText('已关闭学时提醒')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('switch', { name: '接收学时提醒' })).toBeChecked());
});
