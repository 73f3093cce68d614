import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { defineEndpoint } from '@yaoshi/contracts/endpoint';
import type { RouteModule } from '../app-deps';
import { MESSAGES } from '../messages';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { DATABASE_RETRY_AFTER_S } from './database-faults';
import { MAX_RETRIES, batchedStatement } from './statement-batcher';

/**
 * A deadlock or serialization failure that outlasts the statement group's retries is the
 * database's overload, not the request's fault and not a bug: the caller gets the 503
 * envelope with a Chinese message and Retry-After, never a 500 or the driver's words.
 */

const endpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/test/deadlocked',
  auth: false,
  request: z.strictObject({ n: z.number().int() }),
  response: z.object({ n: z.number() }),
});

let runs = 0;
/** As node-postgres raises it, wrapped by drizzle as `cause`. */
const collide = (code: string) =>
  Object.assign(new Error('Failed query: update …'), {
    cause: Object.assign(new Error('deadlock detected'), { code }),
  });

let server: TestServer;
before(async () => {
  const codes = ['40P01', '40001'];
  const statement = batchedStatement<number, number>(async () => {
    runs += 1;
    throw collide(codes[runs % 2]!);
  });
  const routes: RouteModule = (api) => api.add(endpoint, async ({ payload }) => ({ n: await statement(payload.n) }));
  server = await startTestServer({ routeModules: [routes], seed: false });
});
after(() => server.close());

test('a deadlock that outlasts the retries reaches the caller as the 503 envelope, alone or batched', async () => {
  for (const callers of [1, 3]) {
    runs = 0;
    const answers = await Promise.all(
      Array.from({ length: callers }, (_, n) => server.call({ method: 'POST', path: endpoint.path, payload: { n } })),
    );
    for (const answer of answers) {
      assert.equal(answer.status, 503);
      assert.deepEqual(answer.body, { code: 503, message: MESSAGES.databaseUnavailable, data: null });
      assert.match(MESSAGES.databaseUnavailable, /[\u4e00-\u9fff]/);
      assert.equal(answer.headers.get('retry-after'), String(DATABASE_RETRY_AFTER_S));
    }
    // Retried by the group (the batch as one), not by each call again.
    assert.ok(runs >= MAX_RETRIES + 1 && runs <= callers * (MAX_RETRIES + 1), `${runs} runs for ${callers} callers`);
  }
});
