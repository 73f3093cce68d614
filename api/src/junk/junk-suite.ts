import assert from 'node:assert/strict';
import http from 'node:http';
import fc from 'fast-check';
import { z } from 'zod';
import type { SignatureFunction } from '@yaoshi/envelope/sign';
import { signatureBytes } from '@yaoshi/envelope/verify';
import type { RegisteredRoute } from '../envelope/route-table';
import { databaseContents } from '../test-support/database-contents';
import type { TestServer } from '../test-support/test-server';
import { ADMIN_API_PREFIX, API_PREFIX } from '@yaoshi/contracts/route';
import { RELEASE_REGISTRY_PREFIX } from '@yaoshi/contracts/release-registry-paths';
import * as staffAdminRoutes from '@yaoshi/contracts/routes/staff-admin';

/**
 * The junk suite's engine (issue 15): every route it is given, fed generated junk, answers
 * below 500 — in the `{code, message, data}` envelope for the /v1 API — and changes
 * nothing. Used by src/junk/junk-input.test.ts (the API and the release registry's routes)
 * and by deploy/src/site-junk.test.ts (the site and page routes only deploy registers).
 *
 * "Changes nothing" compares table contents (a hash per table, src/test-support/
 * database-contents.ts) before and after each route, and after every 2xx answer, so an
 * UPDATE is noticed as much as an INSERT. Left out, because a refused request writes them
 * by design: `JUNK_IGNORED` below.
 */

/**
 * What a refused request may write, and why:
 * - `request_nonces`: every signed request's nonce is kept, refused or not (replay protection);
 * - `rate_counters`: per-IP and per-learner windows count refused requests too (that is the limit);
 * - `password_failures`, `staff_login_failures`: a refused login is recorded for the lockout;
 * - `staff_sessions.last_seen_at`: every call with a valid staff token moves the 30-minute idle
 *   timer before the request is validated (the session row itself must not change otherwise).
 * Nothing else: not the audit trail, sessions, orders, the release registry, ….
 */
export const JUNK_IGNORED: readonly string[] = [
  'request_nonces',
  'rate_counters',
  'password_failures',
  'staff_login_failures',
  'staff_sessions.last_seen_at',
];

const MINUTE = 60_000;

export interface JunkTokens {
  learner: string;
  staff: string;
}

export interface JunkCounts {
  routes: number;
  cases: number;
  serverErrors: number;
  /** 2xx answers (to payloads the route's contract accepts, or unsigned routes'). */
  accepted: number;
  /**
   * Cases that got past sign-in with the token: a learner's on routes that need one, a
   * staff member's on the console's and the release registry's (proof the tokens work).
   */
  pastSignIn: { learner: number; staff: number };
}

const isStaffRoute = (url: string) =>
  (url.startsWith(ADMIN_API_PREFIX) && url !== staffAdminRoutes.login.path) || url.startsWith(RELEASE_REGISTRY_PREFIX);

interface Answer {
  status: number;
  body: string;
}

/** A raw request, so that nothing (fetch's rules) stops the junk on its way. */
function rawRequest(
  baseUrl: string,
  options: {
    method: string;
    path: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string | Buffer;
    chunked?: boolean;
  },
): Promise<Answer> {
  const url = new URL(baseUrl);
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
      if (options.chunked) request.setHeader('transfer-encoding', 'chunked');
      request.write(options.body);
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

/**
 * Field names of the JSON bodies that unsigned routes read (they have no contract to
 * list them): the release registry's (`/v1/releases/*`), the payment notifications' and
 * the article view beacon's (`/v1/article_view`).
 */
const UNSIGNED_FIELDS = [
  'remote',
  'version',
  'env',
  'reason',
  'percent',
  'files',
  'grant',
  'order_no',
  'sign',
  'postid',
];
const unsignedBody: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        ...Object.fromEntries(UNSIGNED_FIELDS.map((field) => [field, nastyValue])),
        reports: fc.oneof(
          nastyValue,
          fc.array(fc.record({ remote: nastyValue, version: nastyValue, kind: nastyValue, count: nastyValue }), {
            maxLength: 3,
          }),
        ),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: nastyValue },
);

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

/**
 * Whether `payload` is just the route's own empty request (`{}` or fields its contract
 * drops): that is a valid call, not junk — `/v1/logout` with `{}` signs out, as it should —
 * so it is not sent. Any other payload the contract accepts still is, and must change nothing.
 */
function isEmptyValidRequest(route: RegisteredRoute, payload: unknown): boolean {
  const schema = route.requestSchema;
  if (!schema) return false;
  const empty = schema.safeParse({});
  const given = schema.safeParse(payload);
  return empty.success && given.success && JSON.stringify(empty.data) === JSON.stringify(given.data);
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

/**
 * The first 120 characters of the value's JSON, for a failure's label. Strings are cut to 120
 * characters before serializing (the same first 120 characters: JSON never shortens a string);
 * serializing the whole megabyte field for every case's label cost more than a quarter of
 * the suite's own CPU time.
 */
function describeValue(value: unknown): string {
  return String(
    JSON.stringify(value, (_key, inner: unknown) =>
      typeof inner === 'string' && inner.length > 120 ? inner.slice(0, 120) : inner,
    ),
  ).slice(0, 120);
}

/**
 * The junk's signatures with node:crypto: the same bytes as the browser's signer (whose pure
 * JavaScript HMAC, hmac-sha256.test.ts checks it against node:crypto, took a third of the
 * suite's own CPU time hashing megabyte payloads). What is tested is the server's answer.
 */
const nodeSignature: SignatureFunction = (...parts) => signatureBytes(...parts).toString('base64');

// ---- the suite ------------------------------------------------------------------------

export interface JunkSuiteOptions {
  server: TestServer;
  routes: readonly RegisteredRoute[];
  /** Generated cases per route and token state. */
  runs: number;
  /** Fresh tokens, signed in again for each route (the clock moves 16 minutes a route). */
  tokens: () => Promise<JunkTokens>;
}

/**
 * Feeds every route junk; throws on the first answer that is not allowed (a 2xx that
 * changed data, a non-envelope refusal from /v1, a changed database), and returns the
 * counts with every server error listed (checked by the caller, so all of them are seen).
 */
export async function feedJunk(options: JunkSuiteOptions): Promise<JunkCounts & { serverErrorList: string[] }> {
  const { server, runs } = options;
  const counts: JunkCounts = {
    routes: 0,
    cases: 0,
    serverErrors: 0,
    accepted: 0,
    pastSignIn: { learner: 0, staff: 0 },
  };
  const serverErrorList: string[] = [];
  const send = (request: Parameters<typeof rawRequest>[1]) => rawRequest(server.baseUrl, request);
  const contents = () => databaseContents(server.db, JUNK_IGNORED);

  // JUNK_ROUTES=<regex>: only the routes whose URL matches (to look at one route while fixing it).
  const only = process.env.JUNK_ROUTES ? new RegExp(process.env.JUNK_ROUTES) : undefined;
  for (const route of options.routes.filter((r) => !only || only.test(r.url))) {
    counts.routes += 1;
    // A new quarter-hour per route: the per-IP windows start afresh, so the junk meets the handlers and not only the limits.
    server.clock.advance(16 * MINUTE);
    const tokens = await options.tokens();
    const before = await contents();
    const signed = route.requestSchema !== undefined;
    const path = (filler: string) => pathOf(route.url, filler);
    const tokenStates: [string, string | undefined][] = [
      ['none', undefined],
      ['learner', tokens.learner],
      ['staff', tokens.staff],
    ];

    const check = async (what: string, answer: Answer, envelope: boolean, state?: string): Promise<void> => {
      counts.cases += 1;
      if (answer.status !== 401) {
        if (state === 'learner' && route.auth === true) counts.pastSignIn.learner += 1;
        if (state === 'staff' && isStaffRoute(route.url)) counts.pastSignIn.staff += 1;
      }
      const label = `${route.method} ${route.url} ${what}`;
      if (answer.status >= 500) {
        counts.serverErrors += 1;
        serverErrorList.push(`${label}: ${answer.status} ${answer.body.slice(0, 200)}`);
        return;
      }
      if (answer.status < 300) {
        counts.accepted += 1;
        // Accepted junk may read, never write.
        assert.deepEqual(await contents(), before, `${label}: answered ${answer.status} and changed the database`);
      }
      if (!envelope || answer.status < 400) return;
      let body: { code?: unknown; message?: unknown; data?: unknown };
      try {
        body = JSON.parse(answer.body) as typeof body;
      } catch {
        assert.fail(`${label}: ${answer.status} is not an envelope: ${answer.body.slice(0, 200)}`);
      }
      assert.equal(body.code, answer.status, label);
      assert.equal(typeof body.message, 'string');
      assert.match(body.message as string, /[\u4e00-\u9fff]/, `${label}: a Chinese message`);
      // The release registry's refusals name their problems (`{problems}`); every other refusal carries no data.
      if (body.data !== null)
        assert.ok(
          route.url.startsWith(RELEASE_REGISTRY_PREFIX) &&
            Array.isArray((body.data as { problems?: unknown }).problems),
          `${label}: a refusal carries no data`,
        );
    };

    if (signed) {
      for (const [state, token] of tokenStates) {
        await assertProperty(
          fc.asyncProperty(payloadArbitrary(route), async (payload) => {
            fc.pre(!isEmptyValidRequest(route, payload));
            const request = server.sign({
              method: route.method as 'GET' | 'POST',
              path: route.url,
              payload: payload as Record<string, unknown>,
              ...(token ? { token } : {}),
              signature: nodeSignature,
            });
            const answer = await send({
              method: request.method,
              path: request.url,
              headers: request.headers,
              ...(request.body !== undefined ? { body: request.body } : {}),
            });
            const refusedByContract = !route.requestSchema!.safeParse(payload).success;
            if (refusedByContract && answer.status < 300)
              assert.fail(`${route.method} ${route.url}: a payload its contract refuses got ${answer.status}`);
            await check(`payload ${describeValue(payload)} token=${state}`, answer, true, state);
          }),
          runs,
        );
      }
    } else {
      // Unsigned routes (media, health, payment notifications, gateway pages, the release registry, the site):
      // junk in the path, the query and the body, with no token, a learner's and a staff member's (every permission).
      for (const [state, token] of tokenStates) {
        await assertProperty(
          fc.asyncProperty(nastyString, nastyValue, unsignedBody, async (filler, value, body) => {
            const query = `?x=${percentEncode(String(JSON.stringify(value)).slice(0, 4096))}`;
            const text = route.method === 'GET' || route.method === 'HEAD' ? undefined : JSON.stringify(body);
            const headers: http.OutgoingHttpHeaders = {
              ...(text === undefined ? {} : { 'content-type': 'application/json' }),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            };
            const answer = await send({
              method: route.method,
              path: path(filler || 'x') + query,
              headers,
              ...(text === undefined ? {} : { body: text }),
            });
            // The release registry's routes answer in the envelope too.
            const envelope = route.url.startsWith(API_PREFIX) && route.method !== 'HEAD';
            await check(
              `filler ${JSON.stringify(filler)} body ${describeValue(body)} token=${state}`,
              answer,
              envelope,
              state,
            );
          }),
          runs,
        );
      }
    }

    // The envelope and the transport taken apart, the same for every route.
    const url = path('1');
    const isV1 = signed;
    const signedRequest = signed
      ? server.sign({ method: route.method as 'GET' | 'POST', path: route.url, payload: {} })
      : undefined;
    const headers = signedRequest?.headers ?? {};
    const transportCases: [string, Parameters<typeof rawRequest>[1]][] = [
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
      const answer = await send(request).catch((error: unknown) => {
        throw new Error(`${route.method} ${route.url} ${what}: ${(error as Error).message}`);
      });
      // HEAD answers carry no body to check.
      await check(what, answer, isV1 && route.method !== 'HEAD');
    }
    assert.deepEqual(await contents(), before, `${route.method} ${route.url} changed the database`);
  }
  return { ...counts, serverErrorList };
}
