import type { z } from 'zod';
import type { Endpoint } from '@yaoshi/contracts/endpoint';
import type { StaffRole } from '@yaoshi/contracts/staff-roles';
import type { RouteModule } from '../app-deps';
import { COMMAND_LINE_ACTOR } from '../audit/audit-log';
import { createStaffAudited, generateStaffPassword } from '../staff/staff-accounts';
import { currentTotp } from '../staff/totp';
import { dataOf } from './learner-session';
import type { ApiResponse, TestServer } from './test-server';

export interface TestStaff {
  username: string;
  password: string;
  secret: string;
  token: string;
}

let serial = 0;

/**
 * A new staff account with `roles`, logged in over HTTP. Its password is chosen here (as if
 * its owner had already replaced the generated one), so the session opens every page its
 * roles grant; tests of the first login create accounts through the console or the CLI.
 */
export async function signedInStaff(
  server: TestServer,
  roles: readonly StaffRole[],
  username = `staff${(serial += 1)}`,
): Promise<TestStaff> {
  const created = await createStaffAudited(server.db, server.clock, COMMAND_LINE_ACTOR, {
    username,
    name: `测试${username}`,
    roles,
    password: generateStaffPassword(),
  });
  const data = dataOf(
    await staffLogin(server, username, created.password, currentTotp(created.secret, server.clock.nowMs())),
  ) as { token: string };
  return { username, password: created.password, secret: created.secret, token: data.token };
}

export function staffLogin(server: TestServer, username: string, password: string, otp: string): Promise<ApiResponse> {
  return server.call({ method: 'POST', path: '/v1/admin/login', payload: { username, password, otp } });
}

export type AnyEndpoint = Endpoint<z.ZodType, z.ZodType>;

/**
 * The route table as the app registers it: each module wrapped so every `add` is also
 * recorded. Pass `modules` to the test server and read `endpoints` after it started.
 */
export function recordingRouteModules(modules: readonly RouteModule[]): {
  modules: RouteModule[];
  endpoints: AnyEndpoint[];
} {
  const endpoints: AnyEndpoint[] = [];
  return {
    endpoints,
    modules: modules.map(
      (module): RouteModule =>
        (api, deps) =>
          module(
            {
              add(endpoint, handler, options) {
                endpoints.push(endpoint);
                api.add(endpoint, handler, options);
              },
            },
            deps,
          ),
    ),
  };
}
