import { DATA_FIELD } from '@yaoshi/envelope/envelope';
import { verifySignature } from '@yaoshi/envelope/verify';
import { configureApiClient } from '../api-config';
import { setHttpTransport, type HttpTransport } from '../http';

/**
 * Tests only: a stand-in for the API server at the transport boundary. It checks each
 * request's signature the way the server does and answers from a route table, so a test
 * can render a page against "server data" without a server process.
 */

export const TEST_SIGNER = { appId: 'yaoshi-web', secret: 'test-secret' } as const;

export interface ReceivedCall {
  method: string;
  path: string;
  payload: Record<string, unknown>;
  authorization: string | undefined;
  signatureOk: boolean;
  /** Sent to outlive the page (`keepalive`, from `pagehide`). */
  keepalive: boolean;
}

export type StubAnswer = { status: number; body: unknown } | Error;
export type StubRoute = (call: ReceivedCall) => StubAnswer | Promise<StubAnswer>;

export const ok = (data: unknown): StubAnswer => ({ status: 200, body: { code: 200, message: 'success', data } });
export const fail = (code: number, message: string): StubAnswer => ({
  status: code,
  body: { code, message, data: null },
});

function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

/** Installs the stub; unknown paths answer 404 like the server. Returns the calls received. */
export function stubApi(
  routes: Record<string, StubRoute>,
  navigate: (path: string) => void = () => {},
): ReceivedCall[] {
  configureApiClient({ ...TEST_SIGNER, baseUrl: '', navigate });
  const received: ReceivedCall[] = [];
  const transport: HttpTransport = async (request) => {
    const url = new URL(request.url, 'http://site.test');
    const isGet = request.method === 'GET';
    const data =
      (isGet ? url.searchParams.get(DATA_FIELD) : new URLSearchParams(request.data ?? '').get(DATA_FIELD)) ?? '';
    const headers = lowerCaseHeaders(request.headers);
    const check = verifySignature(headers, data, {
      secrets: new Map([[TEST_SIGNER.appId, TEST_SIGNER.secret]]),
      now: Date.now(),
    });
    const call: ReceivedCall = {
      method: isGet ? 'GET' : 'POST',
      path: url.pathname,
      payload: JSON.parse(data || '{}') as Record<string, unknown>,
      authorization: headers.authorization,
      signatureOk: check.ok,
      keepalive: request.keepalive === true,
    };
    received.push(call);
    const route = routes[call.path];
    const answer = !check.ok ? fail(403, '签名无效') : route ? await route(call) : fail(404, '接口不存在');
    if (answer instanceof Error) throw answer;
    return { data: answer.body, status: answer.status, statusText: '' };
  };
  setHttpTransport(transport);
  return received;
}
