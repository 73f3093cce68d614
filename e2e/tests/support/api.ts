import { signRequest } from '@yaoshi/envelope/sign';
import { DEFAULT_APP_ID, DEVELOPMENT_SIGN_SECRET, type Payload } from '@yaoshi/envelope/envelope';
import type { ApiEnvelope } from '@yaoshi/contracts/endpoint';
import { baseURL } from './environment';

/** A signed test client over real HTTP, to learn what the server holds before asserting on the page. */
export async function apiGet<T>(path: string, payload: Payload = {}): Promise<T> {
  const request = signRequest(
    {
      appId: process.env.API_SIGN_APP_ID ?? DEFAULT_APP_ID,
      secret: process.env.API_SIGN_SECRET ?? DEVELOPMENT_SIGN_SECRET,
    },
    { method: 'GET', path, payload },
  );
  const response = await fetch(`${baseURL}${request.url}`, { headers: request.headers });
  const body = (await response.json()) as ApiEnvelope<T>;
  if (body.code !== 200) throw new Error(`${path} answered ${body.code} ${body.message}`);
  return body.data;
}
