import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { configureStore } from '@reduxjs/toolkit';
import { createMemoryRouter } from 'react-router-dom';
import { act, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import { verifySignature } from '@yaoshi/envelope/verify';
import { CLIENT_IDENTITY, DATA_FIELD } from '@yaoshi/envelope/envelope';
import { api } from './api';
import { configureApiClient } from './api-config';
import { http } from './http';
import { loggedIn, sessionSlice } from './session';
import type { SignedCall } from './signed-base-query';

const signer = { appId: 'yaoshi-web', secret: 'test-secret' };

interface ReceivedCall {
  method: string;
  path: string;
  payload: Record<string, unknown>;
  authorization: string | undefined;
  signatureOk: boolean;
}

/** A stand-in for the API server at the transport boundary: it checks the signature the way the server does. */
function serverAnswering(answer: (call: ReceivedCall) => { status: number; body: unknown } | Error) {
  const received: ReceivedCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url ?? '', 'http://site.test');
    const data = config.method?.toUpperCase() === 'GET' ? url.searchParams.get(DATA_FIELD) : new URLSearchParams(String(config.data)).get(DATA_FIELD);
    const headers = AxiosHeaders.from(config.headers).toJSON() as Record<string, string>;
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    const check = verifySignature(lower, data ?? '', { secrets: new Map([[signer.appId, signer.secret]]), now: Date.now() });
    const call: ReceivedCall = {
      method: config.method?.toUpperCase() ?? '',
      path: url.pathname,
      payload: JSON.parse(data ?? '{}') as Record<string, unknown>,
      authorization: lower.authorization,
      signatureOk: check.ok,
    };
    received.push(call);
    const result = answer(call);
    if (result instanceof Error) throw result;
    return { data: result.body, status: result.status, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return received;
}

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, SignedCall>({ query: (call) => call }) }),
});

function setup() {
  const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/myInfo'] });
  configureApiClient({ ...signer, baseUrl: '', navigate: (path) => void router.navigate(path) });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const call = (c: SignedCall) => store.dispatch(probeApi.endpoints.probe.initiate(c, { forceRefetch: true })).unwrap();
  return { router, store, call };
}

afterEach(() => {
  act(() => message.destroy());
  localStorage.clear();
});

test('a GET is signed, carries the envelope and the stored token, and resolves to data', async () => {
  localStorage.setItem('token', 'tok-123');
  const received = serverAnswering(() => ({ status: 200, body: { code: 200, message: 'ok', data: { total: 1 } } }));
  const { call } = setup();
  await expect(call({ method: 'GET', path: '/v1/article', payload: { catid: 1, limit: 6, page: 1 } })).resolves.toEqual({ total: 1 });
  expect(received).toEqual([
    {
      method: 'GET',
      path: '/v1/article',
      payload: { catid: 1, limit: 6, page: 1, ...CLIENT_IDENTITY },
      authorization: 'Bearer tok-123',
      signatureOk: true,
    },
  ]);
});

test('login is sent without the bearer token, as a signed form POST', async () => {
  localStorage.setItem('token', 'old-token');
  const received = serverAnswering(() => ({ status: 200, body: { code: 200, message: 'ok', data: { token: 't', face_init: 1 } } }));
  const { call } = setup();
  await call({ method: 'POST', path: '/v1/login', payload: { type: '1', username: '110101199003070000', password: 'x' } });
  expect(received[0]).toMatchObject({ method: 'POST', path: '/v1/login', authorization: undefined, signatureOk: true });
});

test('401 shows 请先登录, clears localStorage, resets the session and goes home', async () => {
  localStorage.setItem('token', 'expired');
  localStorage.setItem('isLogin', 'true');
  serverAnswering(() => ({ status: 401, body: { code: 401, message: '登录已过期', data: null } }));
  const { call, router, store } = setup();
  store.dispatch(loggedIn());
  await expect(call({ method: 'GET', path: '/v1/profile' })).rejects.toMatchObject({ kind: 'server', code: 401 });
  expect(await screen.findByText('请先登录')).toBeInTheDocument();
  expect(localStorage.length).toBe(0);
  expect(store.getState().session).toEqual({ isLogin: false, userData: null });
  expect(router.state.location.pathname).toBe('/');
});

test('another non-200 code shows the server message and rejects', async () => {
  serverAnswering(() => ({ status: 422, body: { code: 422, message: '订单号只能为数字', data: null } }));
  const { call, router } = setup();
  await expect(call({ method: 'POST', path: '/v1/receipt', payload: { order_id: 'x' } })).rejects.toMatchObject({ code: 422 });
  expect(await screen.findByText('订单号只能为数字')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/myInfo');
});

test('a timeout is reported as 网络连接超时，请刷新重试', async () => {
  serverAnswering((c) => new AxiosError('timeout of 50000000ms exceeded', AxiosError.ECONNABORTED, { headers: new AxiosHeaders() } as InternalAxiosRequestConfig, c));
  const { call } = setup();
  await expect(call({ method: 'GET', path: '/v1/site' })).rejects.toMatchObject({ kind: 'transport', timedOut: true });
  expect(await screen.findByText('网络连接超时，请刷新重试')).toBeInTheDocument();
});

test('axios "Network Error" is silent', async () => {
  serverAnswering(() => new AxiosError('Network Error', AxiosError.ERR_NETWORK));
  const { call } = setup();
  await expect(call({ method: 'GET', path: '/v1/site' })).rejects.toMatchObject({ message: 'Network Error' });
  // Give antd a chance to render anything it was asked to.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(document.querySelector('.ant-message-notice')).toBeNull();
});

test('an answer that is not an envelope (a proxy error page) is shown with its HTTP status', async () => {
  serverAnswering(() => ({ status: 502, body: '<html>Bad Gateway</html>' }));
  const { call } = setup();
  await expect(call({ method: 'GET', path: '/v1/site' })).rejects.toMatchObject({ status: 502 });
  await waitFor(() => expect(screen.getByText(/HTTP 502/)).toBeInTheDocument());
});
