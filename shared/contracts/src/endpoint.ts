import './zod-setup';
import { z } from 'zod';
import type { Route } from './route';

/**
 * One declaration per call: its route (method, path, access; route.ts, shared with the
 * browser without zod), the payload schema the server validates (the client identity fields
 * apptype/appversion are stripped before validation) and the `data` schema of a successful
 * response. The server registers routes from these; the browser takes its types from them
 * with `import type`, and sends by the route, so zod never ships to the page.
 */
export interface Endpoint<Req extends z.ZodType, Res extends z.ZodType> extends Route {
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
