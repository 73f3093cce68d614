import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { DIGEST_TEXT, type StaffDigestSetting } from '@yaoshi/contracts/mail';
import { fail, ok, stubApi, type ReceivedCall, type StubAnswer } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { DigestSettingCard } from './digest-setting';

afterEach(() => act(() => message.destroy()));

/** The staff member's setting as the server holds it; a POST saves it unless `refuse` answers. */
function serveDigest(initial: StaffDigestSetting, refuse?: () => StubAnswer) {
  let held = initial;
  const calls = stubApi({
    '/v1/admin/me/digest': (call) => {
      if (call.method === 'GET') return ok(held);
      if (refuse) return refuse();
      held = { enabled: call.payload.enabled === true, email: String(call.payload.email) };
      return ok(held);
    },
  });
  render(
    <Provider store={createTestStore()}>
      <DigestSettingCard />
    </Provider>,
  );
  return calls;
}

const saves = (calls: ReceivedCall[]) =>
  calls
    .filter((call) => call.path === '/v1/admin/me/digest' && call.method === 'POST')
    .map((call) => ({ enabled: call.payload.enabled, email: call.payload.email }));
const toggle = () => screen.getByRole('switch', { name: '接收每日待办邮件' });
const save = () => userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

test('shows the current opt-in with its address, and turns it off through the API', async () => {
  const calls = serveDigest({ enabled: true, email: 'caiwu@example.org' });
  expect(await screen.findByLabelText('邮箱')).toHaveValue('caiwu@example.org');
  expect(toggle()).toBeChecked();

  await userEvent.click(toggle());
  expect(screen.queryByLabelText('邮箱')).not.toBeInTheDocument();
  await save();
  expect(await screen.findByText('已关闭每日待办邮件')).toBeInTheDocument();
  expect(saves(calls)).toEqual([{ enabled: false, email: '' }]);
  expect(calls.every((call) => call.signatureOk)).toBe(true);
  await waitFor(() => expect(toggle()).not.toBeChecked());
});

test('off by default: switching on asks for an address, refuses an invalid one, then saves it', async () => {
  const calls = serveDigest({ enabled: false, email: '' });
  await waitFor(() => expect(calls.some((call) => call.method === 'GET')).toBe(true));
  expect(toggle()).not.toBeChecked();
  expect(screen.queryByLabelText('邮箱')).not.toBeInTheDocument();

  await userEvent.click(toggle());
  const email = await screen.findByLabelText('邮箱');
  fireEvent.change(email, { target: { value: 'not-an-address' } });
  await save();
  expect(await screen.findByText(DIGEST_TEXT.emailInvalid)).toBeInTheDocument();
  expect(saves(calls)).toEqual([]);

  // Pasted with spaces around it: taken without them.
  fireEvent.change(email, { target: { value: '  zhangsan@example.org ' } });
  await save();
  expect(await screen.findByText('已开启每日待办邮件')).toBeInTheDocument();
  expect(saves(calls)).toEqual([{ enabled: true, email: 'zhangsan@example.org' }]);
});

test('a refused save shows the server’s Chinese words, not a success', async () => {
  serveDigest({ enabled: false, email: '' }, () => fail(500, '服务器繁忙，请稍后再试'));
  await waitFor(() => expect(toggle()).not.toBeChecked());
  await userEvent.click(toggle());
  fireEvent.change(await screen.findByLabelText('邮箱'), { target: { value: 'caiwu@example.org' } });
  await save();
  expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeInTheDocument();
  expect(screen.queryByText('已开启每日待办邮件')).not.toBeInTheDocument();
});
