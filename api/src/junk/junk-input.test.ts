import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fc from 'fast-check';
import { z } from 'zod';
import { routeTableOf, type RegisteredRoute } from '../envelope/route-table';
import { databaseFingerprint, startTestServer, type TestServer } from '../test-support/test-server';
import { ZHANG, loginToken } from '../test-support/learner-session';

/**
 * Every route the server registers (its own route table, not a hand list), fed generated
 * junk: it answers 4xx — in the `{code, message, data}` envelope for the /v1 API — never
 * a 5xx, and changes nothing. /v1 payload cases are signed correctly, with and without a
 * learner's token, so the junk reaches validation and the handlers.
 *
 * JUNK_RUNS (default 12) sets the generated payload cases per route and token state.
 */
const RUNS = Number(process.env.JUNK_RUNS ?? 12);
const MINUTE = 60_000;

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

interface Answer {
  status: number;
  body: string;
}

/** A raw request, so that nothing (fetch's rules) stops the junk on its way. */
function rawRequest(options: {
  method: string;
  path: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string | Buffer;
  chunked?: boolean;
}): Promise<Answer> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method,
        path: options.path,
        headers: options.headers ?? {},
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (options.body !== undefined) {
      if (options.chunked) {
        request.setHeader('transfer-encoding', 'chunked');
        request.write(options.body);
      } else request.write(options.body);
    }
    request.end();
  });
}

// ---- the junk ------------------------------------------------------------------------

const MEGABYTE_FIELD = 'x'.repeat(1024 * 1024);
const deepObject = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  // fast-check prints a counterexample recursively; this one says what it is instead (symbols are not serialized).
  return Object.assign(value as object, { [fc.toStringMethod]: () => `{a:{a:… ${depth} levels}}` });
};

const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\ud83d',
    '../../etc/passwd',
    "'; drop table learners; --",
    '%00',
    '\u202e',
    ' ',
  ),
  fc.string({ maxLength: 10 }).map((text) => `${text}\u0000\ud800`),
);
const nastyNumber = fc.constantFrom(
  -1,
  -0,
  -2147483649,
  2147483648,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER * 1024,
  0.5,
  -99999999999,
  1e-300,
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom('99999999999999999999999999', '-1', '1e308', 'NaN', 'Infinity', '0x10', ''),
  fc.array(nastyString, { maxLength: 3 }),
  fc.constantFrom(null, true, false, {}, [], [[]], { toString: 'x' }, { __proto__: { admin: true } }),
  fc.constantFrom(deepObject(64), deepObject(1000)),
  fc.constant(MEGABYTE_FIELD),
);

/** The contract's field names, when its request schema is an object. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  return [];
}

/** A payload: the route's own fields filled with junk (some left out), sometimes an extra field, sometimes not an object at all. */
function payloadArbitrary(route: RegisteredRoute): fc.Arbitrary<unknown> {
  const fields = fieldsOf(route.requestSchema);
  const object = fc
    .tuple(
      fields.length > 0
        ? fc.record(Object.fromEntries(fields.map((field) => [field, nastyValue])), { requiredKeys: [] })
        : fc.constant({}),
      fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'learner_id', 'x'), nastyValue), {
        nil: undefined,
      }),
    )
    .map(([record, extra]) => (extra ? { ...record, [extra[0]]: extra[1] } : record));
  return fc.oneof({ weight: 6, arbitrary: object }, { weight: 1, arbitrary: nastyValue });
}

/** Percent-encodes any text, lone surrogates included (encodeURIComponent throws on those). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/** A concrete path for a route's URL: parameters and wildcards filled with junk. */
function pathOf(url: string, filler: string): string {
  return url.replace(/:[A-Za-z_]+/g, percentEncode(filler)).replace(/\*/g, percentEncode(filler));
}

/** fast-check's report of a failure quotes the (megabyte) counterexample: keep it readable. */
async function assertProperty<T>(property: fc.IAsyncProperty<T>, runs: number): Promise<void> {
  try {
    await fc.assert(property, { numRuns: runs, seed: 15, endOnFailure: true });
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const reason = cause instanceof Error ? `${cause.message}\n` : '';
    throw new Error(
      reason +
        String((error as Error).message)
          .replace(/(.{300})(.*?)(\n|$)/g, '$1…$3')
          .slice(0, 4000),
    );
  }
}

// ---- what an answer must be -----------------------------------------------------------

const counts = { routes: 0, cases: 0, serverErrors: 0 };
const serverErrors: string[] = [];

function check(route: RegisteredRoute, what: string, answer: Answer, envelope: boolean): void {
  counts.cases += 1;
  if (answer.status >= 500) {
    counts.serverErrors += 1;
    serverErrors.push(`${route.method} ${route.url} ${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
    return;
  }
  if (!envelope || answer.status < 400) return;
  let body: { code?: unknown; message?: unknown; data?: unknown };
  try {
    body = JSON.parse(answer.body) as typeof body;
  } catch {
    assert.fail(
      `${route.method} ${route.url} ${what}: ${answer.status} is not an envelope: ${answer.body.slice(0, 200)}`,
    );
  }
  assert.equal(body.code, answer.status, `${route.method} ${route.url} ${what}`);
  assert.equal(typeof body.message, 'string');
  assert.match(body.message as string, /[\u4e00-\u9fff]/, `${route.method} ${route.url} ${what}: a Chinese message`);
  assert.equal(body.data, null);
}

/**
 * What a refused request may leave behind by design: its nonce (replay protection) and
 * its count against the request limits. Everything else must stay as it was.
 */
async function fingerprint(): Promise<Record<string, number>> {
  const { request_nonces: _nonces, rate_counters: _counters, ...rest } = await databaseFingerprint(server.db);
  return rest;
}

// ---- the suite ------------------------------------------------------------------------

test('every registered route, fed junk, answers 4xx (never 5xx) and changes nothing', async () => {
  const routes = routeTableOf(server.app).filter((route) => route.method !== 'OPTIONS');
  assert.ok(routes.length > 30, `the route table lists ${routes.length} routes`);
  for (const route of routes) {
    counts.routes += 1;
    // A new quarter-hour per route: the per-IP windows start afresh, so the junk meets the handlers and not only the limits.
    server.clock.advance(16 * MINUTE);
    const token = await loginToken(server, ZHANG.phone, ZHANG.password);
    const before = await fingerprint();
    const signed = route.requestSchema !== undefined;
    const path = (filler: string) => pathOf(route.url, filler);

    if (signed) {
      for (const withToken of [false, true]) {
        await assertProperty(
          fc.asyncProperty(payloadArbitrary(route), async (payload) => {
            const request = server.sign({
              method: route.method as 'GET' | 'POST',
              path: route.url,
              payload: payload as Record<string, unknown>,
              ...(withToken ? { token } : {}),
            });
            const answer = await rawRequest({
              method: request.method,
              path: request.url,
              headers: request.headers,
              ...(request.body !== undefined ? { body: request.body } : {}),
            });
            check(route, `payload ${JSON.stringify(payload)?.slice(0, 120)} token=${withToken}`, answer, true);
          }),
          RUNS,
        );
      }
    } else {
      // Unsigned routes (media, health, payment notifications, gateway pages): junk in the path, the query and the body.
      await assertProperty(
        fc.asyncProperty(nastyString, nastyValue, async (filler, value) => {
          const query = `?x=${percentEncode(String(JSON.stringify(value)).slice(0, 4096))}`;
          const body = route.method === 'GET' || route.method === 'HEAD' ? undefined : JSON.stringify({ junk: value });
          const answer = await rawRequest({
            method: route.method,
            path: path(filler || 'x') + query,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
            ...(body === undefined ? {} : { body }),
          });
          check(route, `filler ${JSON.stringify(filler)}`, answer, false);
        }),
        RUNS,
      );
    }

    // The envelope and the transport taken apart, the same for every route.
    const url = path('1');
    const isV1 = signed;
    const signedRequest = signed
      ? server.sign({ method: route.method as 'GET' | 'POST', path: route.url, payload: {} })
      : undefined;
    const headers = signedRequest?.headers ?? {};
    const transportCases: [string, Parameters<typeof rawRequest>[0]][] = [
      [
        'wrong content type (JSON)',
        {
          method: route.method,
          path: url,
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{"data":"{}"}',
        },
      ],
      [
        'wrong content type (multipart)',
        {
          method: route.method,
          path: url,
          headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
          body: '--x\r\n\r\n--x--',
        },
      ],
      [
        'chunked body',
        {
          method: route.method,
          path: url,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'data=%7B%7D',
          chunked: true,
        },
      ],
      [
        'oversized header',
        { method: route.method, path: url, headers: { ...headers, 'x-junk': 'j'.repeat(64 * 1024) } },
      ],
      ['oversized query', { method: route.method, path: `${url}?data=${'%7B'.repeat(30_000)}` }],
      ['NUL and lone surrogate in the query', { method: route.method, path: `${url}?data=%00%ED%A0%80&x=%ff%fe` }],
      [
        '1 MB form body',
        {
          method: route.method,
          path: url,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: `data=${MEGABYTE_FIELD}`,
        },
      ],
      ['bad percent-encoding', { method: route.method, path: `${url}%zz` }],
    ];
    for (const [what, request] of transportCases) {
      // A body on HEAD is read as the next request on the connection: a client's error, not the route's.
      // And an oversized header is refused before the method is known, with an envelope body a HEAD client does not expect.
      if (route.method === 'HEAD' && (request.body !== undefined || what.startsWith('oversized'))) continue;
      const answer = await rawRequest(request).catch((error: unknown) => {
        throw new Error(`${route.method} ${route.url} ${what}: ${(error as Error).message}`);
      });
      // HEAD answers carry no body to check.
      check(route, what, answer, isV1 && route.method !== 'HEAD');
    }
    assert.deepEqual(await fingerprint(), before, `${route.method} ${route.url} changed the database`);
  }
  // Printed for the note.
  console.log(
    JSON.stringify({
      junkSuite: {
        routes: counts.routes,
        cases: counts.cases,
        casesPerRoute: Math.round(counts.cases / counts.routes),
        serverErrors: counts.serverErrors,
      },
    }),
  );
  assert.deepEqual(serverErrors, []);
});
