import './zod-setup';
import { z } from 'zod';
import type { Permission } from './staff-roles';

/**
 * One declaration per call: method, path, the payload schema the server validates (the
 * client identity fields apptype/appversion are stripped before validation) and the
 * `data` schema of a successful response. The server registers routes from these; the
 * browser takes its types from them with `import type`, so zod never ships to the page.
 */
export interface Endpoint<Req extends z.ZodType, Res extends z.ZodType> {
  method: 'GET' | 'POST';
  path: `/v1/${string}`;
  /**
   * Needs `Authorization: Bearer`; anonymous calls are refused with code 401. `true` is a
   * learner's session; `'staff'` a staff session (issue 18): each kind of token opens only
   * its own kind of endpoint.
   */
  auth: boolean | 'staff';
  /** For `auth: 'staff'`: the permission the staff member needs (else 403); none = any staff member. */
  permission?: Permission;
  request: Req;
  response: Res;
}

export function defineEndpoint<Req extends z.ZodType, Res extends z.ZodType>(
  endpoint: Endpoint<Req, Res>,
): Endpoint<Req, Res> {
  return endpoint;
}

export type RequestOf<E> = E extends Endpoint<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer Res> ? z.output<Res> : never;

/** Every response body: `{ code, message, data }`; code 200 is success. */
export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A payload with no fields; unknown fields are refused like everywhere else. */
export const noPayload = z.strictObject({});
