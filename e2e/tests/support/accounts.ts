import type { Page } from '@playwright/test';
import { signRequest } from '@yaoshi/envelope/sign';
import { DEFAULT_APP_ID, DEVELOPMENT_SIGN_SECRET, type HttpMethod, type Payload } from '@yaoshi/envelope/envelope';
import type { ApiEnvelope } from '@yaoshi/contracts/endpoint';
import { baseURL } from './environment';

/** The demo learners the server seeds (api README); the password is the ID number's last 6 characters. */
export const LEARNERS = {
  zhang: { name: '张晓明', idcard: '320106198503124510', phone: '13812345678', password: '124510' },
  li: { name: '李华', idcard: '11010519491231002X', phone: '13900001111', password: '31002X' },
  wang: { name: '王芳', idcard: '310115198808080058', phone: '13700002222', password: '080058' },
  /** Plays lessons in fixes-study.spec.ts while study.spec.ts plays 王芳's (one playback per learner). */
  zhao: { name: '赵敏', idcard: '330106199203150027', phone: '13600003333', password: '150027' },
  /** Every course of the current year finished: downloads her 学时证明 in certificates.spec.ts. */
  chen: { name: '陈静', idcard: '320102199006150020', phone: '13500004444', password: '150020' },
  liu: { name: '刘洋', idcard: '320104199203180037', phone: '13400005555', password: '180037' },
} as const;

export type Learner = (typeof LEARNERS)[keyof typeof LEARNERS];

/** A signed call over real HTTP that returns the whole envelope (errors included); `site`: a server of a spec's own. */
export async function apiCall<T>(
  method: HttpMethod,
  path: string,
  payload: Payload = {},
  token: string | null = null,
  site: string = baseURL,
): Promise<ApiEnvelope<T>> {
  const request = signRequest(
    {
      appId: process.env.API_SIGN_APP_ID ?? DEFAULT_APP_ID,
      secret: process.env.API_SIGN_SECRET ?? DEVELOPMENT_SIGN_SECRET,
    },
    { method, path, payload, token },
  );
  const response = await fetch(`${site}${request.url}`, { method, headers: request.headers, body: request.body });
  return (await response.json()) as ApiEnvelope<T>;
}

export async function apiLogin(username: string, password: string, site: string = baseURL): Promise<string> {
  const reply = await apiCall<{ token: string; face_init: number }>(
    'POST',
    '/v1/login',
    { type: '1', username, password },
    null,
    site,
  );
  if (reply.code !== 200) throw new Error(`login ${username} answered ${reply.code} ${reply.message}`);
  return reply.data.token;
}

/** Puts the password back to `password` (the learner logged in with `current`). */
export async function restorePassword(learner: Learner, current: string): Promise<void> {
  const token = await apiLogin(learner.idcard, current);
  const reply = await apiCall(
    'POST',
    '/v1/password',
    { newpasswd: learner.password, confirmpasswd: learner.password },
    token,
  );
  if (reply.code !== 200) throw new Error(`password restore answered ${reply.code} ${reply.message}`);
}

/** Logs in through the API and starts the page with the token and flag in localStorage, as the login box leaves them. */
export async function loginWithToken(
  page: Page,
  learner: { readonly idcard: string; readonly password: string },
  site: string = baseURL,
): Promise<string> {
  const token = await apiLogin(learner.idcard, learner.password, site);
  await page.addInitScript(
    ([t]) => {
      // Once per tab: a later logout must not be undone by the next full page load.
      if (!window.sessionStorage.getItem('e2e-logged-in')) {
        window.sessionStorage.setItem('e2e-logged-in', '1');
        window.localStorage.setItem('token', t!);
        window.localStorage.setItem('isLogin', 'true');
      }
    },
    [token],
  );
  return token;
}

/** The newest SMS code sent to `phone` (development outbox, unsigned, newest first). */
export async function latestSmsCode(phone: string): Promise<string> {
  const response = await fetch(`${baseURL}/dev/sms-outbox?phone=${phone}`);
  const body = (await response.json()) as { messages: { code: string | null }[] };
  const code = body.messages[0]?.code;
  if (!code) throw new Error(`no SMS code for ${phone}: ${JSON.stringify(body)}`);
  return code;
}
