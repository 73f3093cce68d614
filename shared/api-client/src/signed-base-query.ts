import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { Payload } from '@yaoshi/envelope/envelope';
import { signRequest } from '@yaoshi/envelope/sign';
import type { ApiEnvelope } from '@yaoshi/contracts/endpoint';
import type { Route } from '@yaoshi/contracts/route';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';
import * as staffAdminRoutes from '@yaoshi/contracts/routes/staff-admin';
import { showError } from '@yaoshi/ui/show-message';
import { apiClientConfig } from './api-config';
import { readToken } from './browser-storage';
import { SUCCESS_CODE, catalogueOutcome, type ApiFailure } from './error-catalogue';
import { HttpTransportError, TIMEOUT_ERROR_CODE, httpRequest } from './http';
import { endSession } from './session';
import { ADMIN_LOGIN_PAGE, endStaffSession, isStaffCall, readStaffToken } from './staff-session';

/**
 * One call of the API: the endpoint's route from `@yaoshi/contracts/routes/*` (its method
 * and path are written there once, shared with the server's endpoint definition), and the
 * payload the envelope carries. `{ route: orderRoutes.cancelOrder, payload: { order_id } }`.
 */
export interface SignedCall {
  route: Route;
  payload?: Payload;
}

type ProgressListener = (percent: number) => void;
const uploadListeners = new Map<string, Set<ProgressListener>>();

/**
 * Upload progress of POSTs to `route` (0–100), for pages that show it (the face photo).
 * RTK Query keeps call arguments serializable, so progress travels beside them.
 * Returns the unsubscribe function.
 */
export function onUploadProgress(route: Route, listener: ProgressListener): () => void {
  const listeners = uploadListeners.get(route.path) ?? new Set<ProgressListener>();
  listeners.add(listener);
  uploadListeners.set(route.path, listeners);
  return () => listeners.delete(listener);
}

function isEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function transportFailure(error: unknown): ApiFailure {
  if (error instanceof HttpTransportError) {
    return { kind: 'transport', message: error.message, timedOut: error.code === TIMEOUT_ERROR_CODE };
  }
  return { kind: 'transport', message: error instanceof Error ? error.message : String(error), timedOut: false };
}

/**
 * Staff calls carry the staff token, learner calls the learner's; the two logins carry none
 * (spec 01 §7: login is sent without the bearer token).
 */
function tokenFor({ path }: Route): string | null {
  if (path === accountRoutes.login.path || path === staffAdminRoutes.login.path) return null;
  return isStaffCall(path) ? readStaffToken() : readToken();
}

/** Sends a call signed and enveloped; resolves to `{ data }` on code 200, else `{ error }`. */
async function send(call: SignedCall): Promise<{ data: unknown } | { error: ApiFailure }> {
  const config = apiClientConfig();
  const signed = signRequest(
    { appId: config.appId, secret: config.secret },
    { method: call.route.method, path: call.route.path, payload: call.payload, token: tokenFor(call.route) },
  );
  try {
    const response = await httpRequest({
      method: signed.method,
      url: `${config.baseUrl}${signed.url}`,
      headers: signed.headers,
      data: signed.body,
      onUploadProgress: ({ loaded, total }) => {
        if (total)
          uploadListeners.get(call.route.path)?.forEach((listener) => listener(Math.round((loaded / total) * 100)));
      },
    });
    const body = response.data;
    if (!isEnvelope(body)) {
      return { error: { kind: 'transport', message: response.statusText, timedOut: false, status: response.status } };
    }
    if (body.code !== SUCCESS_CODE) return { error: { kind: 'server', code: body.code, message: body.message ?? '' } };
    return { data: body.data };
  } catch (error) {
    return { error: transportFailure(error) };
  }
}

/**
 * Sends a call as the page goes away (`pagehide`), signed like every other, with
 * `keepalive` (http.ts): the study page ends its playback session this way on a reload or a
 * closed tab. The answer is not read, and nothing is shown.
 */
export function sendAsPageLeaves(call: SignedCall): void {
  const config = apiClientConfig();
  const signed = signRequest(
    { appId: config.appId, secret: config.secret },
    { method: call.route.method, path: call.route.path, payload: call.payload, token: tokenFor(call.route) },
  );
  httpRequest({
    method: signed.method,
    url: `${config.baseUrl}${signed.url}`,
    headers: signed.headers,
    data: signed.body,
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * The RTK Query base query of the one api slice. The error catalogue lives here and only
 * here, so every endpoint injected by the shell or a remote gets the same behaviour.
 */
export const signedBaseQuery: BaseQueryFn<SignedCall, unknown, ApiFailure> = async (call, api) => {
  const result = await send(call);
  if ('error' in result) {
    const staff = isStaffCall(call.route.path);
    const outcome = catalogueOutcome(result.error, { staff });
    if (outcome.errorText) showError(outcome.errorText);
    if (outcome.endSession && staff) {
      // A staff session that ended leaves the learner's alone: back to the console's login.
      endStaffSession();
      apiClientConfig().navigate(ADMIN_LOGIN_PAGE);
    } else if (outcome.endSession) {
      endSession(api.dispatch);
      apiClientConfig().navigate('/');
    }
  }
  return result;
};
