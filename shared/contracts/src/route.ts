import type { Permission } from './staff-roles';

/**
 * Where an endpoint lives and who may call it: its method, path, authentication and
 * permission, without its schemas. The browser sends its calls by these objects
 * (`@yaoshi/contracts/routes/*`, one export per call), which hold no zod, so a page never ships a schema; the
 * endpoint definitions (`defineEndpoint` in endpoint.ts) spread the same objects and add the
 * schemas, so each path is written once. A `/v1/` path written anywhere else is refused by
 * the lint rule `yaoshi/no-literal-api-path` (lint/api-paths.mjs).
 */
export interface Route {
  method: 'GET' | 'POST';
  path: `/v1/${string}`;
  /**
   * Needs `Authorization: Bearer`; anonymous calls are refused with code 401. `true` is a
   * learner's session; `'staff'` a staff session: each kind of token opens only its own kind
   * of endpoint.
   */
  auth: boolean | 'staff';
  /** For `auth: 'staff'`: the permission the staff member needs (else 403); none = any staff member. */
  permission?: Permission;
}

/** Every API path starts with this; the servers in front of the API forward it. */
export const API_PREFIX = '/v1/';
/** Every staff call's path starts with this (the console's token goes only there). */
export const ADMIN_API_PREFIX = '/v1/admin/';

/** The names of a path's `:parameters`: `'/v1/releases/publish/:remote'` → `'remote'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with its `:parameters` filled in, each URL-encoded. */
export function fillPath<P extends string>(path: P, params: Record<PathParams<P>, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  );
}
