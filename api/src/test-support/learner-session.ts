import assert from 'node:assert/strict';
import { initialPasswordOf } from '@yaoshi/contracts/identity-rules';
import { FACE_CONSENT_VERSION } from '@yaoshi/contracts/personal-data-rules';
import { DEMO_LEARNERS } from '../seed/learner-seed';
import { learners } from '../accounts/accounts-schema';
import type { ApiResponse, TestServer } from './test-server';

/** A demo learner's login ids and initial password. */
export interface DemoAccount {
  name: string;
  idNumber: string;
  phone: string;
  password: string;
}

function demoAccount(name: string): DemoAccount {
  const learner = DEMO_LEARNERS.find((candidate) => candidate.profile.name === name);
  if (!learner) throw new Error(`no demo learner ${name}`);
  const { idNumber, phone } = learner.profile;
  return { name, idNumber, phone, password: initialPasswordOf(idNumber) };
}

export const ZHANG = demoAccount('张晓明');
export const LI = demoAccount('李华');
export const WANG = demoAccount('王芳');
export const ZHAO = demoAccount('赵敏');
export const CHEN = demoAccount('陈静');
/** Finished the demo year like 陈静, his archive review still pending. */
export const LIU = demoAccount('刘洋');

export interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

export function envelopeOf(response: ApiResponse): Envelope {
  return response.body as Envelope;
}

/** Asserts a refusal: HTTP status = code, the message, no data. */
export function assertRefused(response: ApiResponse, code: number, message: string | RegExp): void {
  const body = envelopeOf(response);
  assert.equal(response.status, code, JSON.stringify(body));
  assert.equal(body.code, code);
  if (typeof message === 'string') assert.equal(body.message, message);
  else assert.match(body.message, message);
  assert.equal(body.data, null);
}

/** Asserts success and returns `data`. */
export function dataOf(response: ApiResponse): unknown {
  const body = envelopeOf(response);
  assert.equal(response.status, 200, JSON.stringify(body));
  assert.equal(body.code, 200);
  return body.data;
}

export function passwordLogin(server: TestServer, username: string, password: string): Promise<ApiResponse> {
  return server.call({ method: 'POST', path: '/v1/login', payload: { type: '1', username, password } });
}

/** Logs in with a password and returns the bearer token. */
export async function loginToken(server: TestServer, username: string, password: string): Promise<string> {
  const data = dataOf(await passwordLogin(server, username, password)) as { token: string };
  assert.equal(typeof data.token, 'string');
  return data.token;
}

export function authed(
  server: TestServer,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
) {
  return server.call({ method, path, token, ...(payload ? { payload } : {}) });
}

/**
 * Every learner's separate consent to the face-photo rules in force, for tests about
 * something else that take face photos (api/src/personal-data/personal-data.test.ts proves
 * an upload without it is refused).
 */
export async function consentAllToFacePhotos(server: TestServer): Promise<void> {
  await server.db.update(learners).set({ faceConsentVersion: FACE_CONSENT_VERSION, faceConsentAt: server.clock.now() });
}
