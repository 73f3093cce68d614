import { createMemoryRouter } from 'react-router-dom';
import { act, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { CLIENT_IDENTITY } from '@yaoshi/envelope/envelope';
import { api } from './api';
import { HttpTransportError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE } from './http';
import { loggedIn } from './session';
import { sendAsPageLeaves, type SignedCall } from './signed-base-query';
import { fail, ok, stubApi, type StubRoute } from './testing/stub-api';
import { createTestStore } from './testing/test-store';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';
import * as contentRoutes from '@yaoshi/contracts/routes/content';
import * as orderRoutes from '@yaoshi/contracts/routes/orders';
import * as staffAdminRoutes from '@yaoshi/contracts/routes/staff-admin';
import * as studyRoutes from '@yaoshi/contracts/routes/study';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, SignedCall>({ query: (call) => call }) }),
});

/** A store, a router on /myInfo, and a server that answers every path with `answer`. */
function setup(answer: StubRoute) {
  const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/myInfo'] });
  const routes = Object.fromEntries(
    ['/v1/article', '/v1/login', '/v1/profile', '/v1/receipt', '/v1/site', '/v1/admin/login', '/v1/admin/me'].map(
      (p) => [p, answer],
    ),
  );
  const received = stubApi(routes, (path) => void router.navigate(path));
  const store = createTestStore();
  const call = (c: SignedCall) => store.dispatch(probeApi.endpoints.probe.initiate(c, { forceRefetch: true })).unwrap();
  return { received, router, store, call };
}

afterEach(() => {
  act(() => message.destroy());
  localStorage.clear();
  sessionStorage.clear();
});

test('a staff call carries the staff token, never the learner one; the staff login carries none', async () => {
  localStorage.setItem('token', 'learner-token');
  sessionStorage.setItem('yaoshi.staffToken', 'staff-token');
  const { received, call } = setup(() => ok(null));
  await call({ route: staffAdminRoutes.me });
  await call({ route: staffAdminRoutes.login, payload: { username: 'a', password: 'b', otp: '123456' } });
  await call({ route: accountRoutes.profile });
  expect(received.map((request) => request.authorization)).toEqual([
    'Bearer staff-token',
    undefined,
    'Bearer learner-token',
  ]);
});

test('a staff 401 ends the staff session only, with the server text, and goes to the console login', async () => {
  localStorage.setItem('token', 'learner-token');
  localStorage.setItem('isLogin', 'true');
  sessionStorage.setItem('yaoshi.staffToken', 'staff-token');
  const { call, router, store } = setup(() => fail(401, '请先登录管理后台'));
  store.dispatch(loggedIn());
  await expect(call({ route: staffAdminRoutes.me })).rejects.toMatchObject({ kind: 'server', code: 401 });
  expect(await screen.findByText('请先登录管理后台')).toBeInTheDocument();
  expect(sessionStorage.getItem('yaoshi.staffToken')).toBeNull();
  expect(localStorage.getItem('token')).toBe('learner-token');
  expect(store.getState().session.isLogin).toBe(true);
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
});

test('a GET is signed, carries the envelope and the stored token, and resolves to data', async () => {
  localStorage.setItem('token', 'tok-123');
  const { received, call } = setup(() => ok({ total: 1 }));
  await expect(call({ route: contentRoutes.article, payload: { catid: 1, limit: 6, page: 1 } })).resolves.toEqual({
    total: 1,
  });
  expect(received).toEqual([
    {
      method: 'GET',
      path: '/v1/article',
      payload: { catid: 1, limit: 6, page: 1, ...CLIENT_IDENTITY },
      authorization: 'Bearer tok-123',
      signatureOk: true,
      keepalive: false,
    },
  ]);
});

test('login is sent without the bearer token, as a signed form POST', async () => {
  localStorage.setItem('token', 'old-token');
  const { received, call } = setup(() => ok({ token: 't', face_init: 1 }));
  await call({
    route: accountRoutes.login,
    payload: { type: '1', username: '110101199003070000', password: 'x' },
  });
  expect(received[0]).toMatchObject({ method: 'POST', path: '/v1/login', authorization: undefined, signatureOk: true });
});

test('401 shows 请先登录, clears localStorage, resets the session and goes home', async () => {
  localStorage.setItem('token', 'expired');
  localStorage.setItem('isLogin', 'true');
  const { call, router, store } = setup(() => fail(401, '登录已过期'));
  store.dispatch(loggedIn());
  await expect(call({ route: accountRoutes.profile })).rejects.toMatchObject({ kind: 'server', code: 401 });
  expect(await screen.findByText('请先登录')).toBeInTheDocument();
  expect(localStorage.length).toBe(0);
  expect(store.getState().session).toEqual({ isLogin: false, userData: null });
  expect(router.state.location.pathname).toBe('/');
});

test('another non-200 code shows the server message and rejects', async () => {
  const { call, router } = setup(() => fail(422, '订单号只能为数字'));
  await expect(call({ route: orderRoutes.submitInvoiceInforApi, payload: { order_id: 'x' } })).rejects.toMatchObject({
    code: 422,
  });
  expect(await screen.findByText('订单号只能为数字')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/myInfo');
});

test('a timeout is reported as 网络连接超时，请刷新重试', async () => {
  const { call } = setup(() => new HttpTransportError('timeout of 50000000ms exceeded', TIMEOUT_ERROR_CODE));
  await expect(call({ route: contentRoutes.site })).rejects.toMatchObject({ kind: 'transport', timedOut: true });
  expect(await screen.findByText('网络连接超时，请刷新重试')).toBeInTheDocument();
});

test('a "Network Error" is silent', async () => {
  const { call } = setup(() => new HttpTransportError('Network Error', NETWORK_ERROR_CODE));
  await expect(call({ route: contentRoutes.site })).rejects.toMatchObject({ message: 'Network Error' });
  // Give antd a chance to render anything it was asked to.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(document.querySelector('.ant-message-notice')).toBeNull();
});

test('an answer that is not an envelope (a proxy error page) is shown with its HTTP status', async () => {
  const { call } = setup(() => ({ status: 502, body: '<html>Bad Gateway</html>' }));
  await expect(call({ route: contentRoutes.site })).rejects.toMatchObject({ status: 502 });
  await waitFor(() => expect(screen.getByText(/HTTP 502/)).toBeInTheDocument());
});

test('a call sent as the page leaves is signed like any other, carries the token, and is kept alive', async () => {
  localStorage.setItem('token', 'learner-token');
  const received = stubApi({ '/v1/records': () => ok({ record_id: 1 }) });
  sendAsPageLeaves({ route: studyRoutes.records, payload: { record_id: 7, state: 3 } });
  await waitFor(() => expect(received).toHaveLength(1));
  expect(received[0]).toMatchObject({
    path: '/v1/records',
    payload: { record_id: 7, state: 3, ...CLIENT_IDENTITY },
    authorization: 'Bearer learner-token',
    signatureOk: true,
    keepalive: true,
  });
});
