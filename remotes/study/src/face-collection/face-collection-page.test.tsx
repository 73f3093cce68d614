import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ok, stubApi, type ReceivedCall } from '@yaoshi/api-client/testing/stub-api';
import { createTestStore } from '@yaoshi/api-client/testing/test-store';
import { FACE_CONSENT_VERSION } from '@yaoshi/contracts/personal-data-rules';
import FaceCollectionPage from './face-collection-page';

const JPEG = 'data:image/jpeg;base64,/9j/AAAA';

function setCamera(getUserMedia: () => Promise<unknown>) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
}

function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter>
        <FaceCollectionPage />
      </MemoryRouter>
    </Provider>,
  );
}

beforeAll(() => {
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue({ drawImage: jest.fn() } as unknown as RenderingContext);
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(JPEG);
});
afterEach(() => act(() => message.destroy()));

test('a denied camera says 您的摄像头已被禁用; the 1-minute warning is shown', async () => {
  setCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
  stubApi({});
  renderPage();
  expect(await screen.findByText('您的摄像头已被禁用')).toBeInTheDocument();
  expect(screen.getByText(/不足1分钟/)).toBeInTheDocument();
});

test('5 s after 开始采集 a JPEG is uploaded to /v1/avatar and 上传成功 is shown', async () => {
  setCamera(() => Promise.resolve({ getTracks: () => [] }));
  const received: ReceivedCall[] = stubApi({ '/v1/avatar': () => ok(null) });
  jest.useFakeTimers();
  try {
    renderPage();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const startButton = await screen.findByRole('button', { name: '开始采集' });
    await waitFor(() => expect(startButton).toBeEnabled()); // camera ready
    await user.click(startButton);
    expect(screen.getByRole('timer')).toHaveTextContent('5');
    for (let i = 0; i < 4; i += 1) await act(async () => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('1');
    expect(received.filter((c) => c.path === '/v1/avatar')).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(1000));
  } finally {
    jest.useRealTimers();
  }
  expect((await screen.findAllByText('上传成功')).length).toBeGreaterThan(0);
  expect(received.find((c) => c.path === '/v1/avatar')?.payload).toMatchObject({ avatar: JPEG, course_id: 0 });
});

test('before the first photo the rules are shown and must be agreed to; then the camera comes, and the period kept is said', async () => {
  setCamera(() => Promise.resolve({ getTracks: () => [] }));
  localStorage.setItem('token', 'learner-token');
  let consented = false;
  const state = () => ({
    version: FACE_CONSENT_VERSION,
    consented_version: consented ? FACE_CONSENT_VERSION : null,
    consented_at: consented ? '2026-11-28 10:00:00' : null,
    consented,
    retention_days: 180,
  });
  const received: ReceivedCall[] = stubApi({
    '/v1/face_status': () => ok({ avatar_status: 0, reject_reason: null }),
    '/v1/face_consent': (call) => {
      if (call.method === 'POST') consented = true;
      return ok(state());
    },
  });
  try {
    renderPage();
    const agree = await screen.findByRole('button', { name: '同意并开始采集' });
    expect(screen.getByTestId('face-retention')).toHaveTextContent('保存至所属学习年度结束后180天');
    expect(screen.queryByRole('button', { name: '开始采集' })).not.toBeInTheDocument();
    expect(agree).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(agree);
    expect(await screen.findByRole('button', { name: '开始采集' })).toBeInTheDocument();
    expect(received.find((c) => c.path === '/v1/face_consent' && c.method === 'POST')?.payload).toMatchObject({
      version: FACE_CONSENT_VERSION,
    });
    expect(screen.getByTestId('face-retention')).toHaveTextContent(`您已于 2026-11-28 10:00:00 同意`);
  } finally {
    localStorage.removeItem('token');
  }
});
