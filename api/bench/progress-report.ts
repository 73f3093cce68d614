/**
 * Benchmark of the progress report (`POST /v1/records`) on PostgreSQL, every rule applied:
 * signature and nonce, bearer session, the learner lock, the session/enrolment/progress
 * read, the judgement, the session and progress updates and the audit row.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:19320/postgres BENCH_PORT=19310 npm run bench:progress -w api
 *
 * It creates a throw-away database on that server, starts the API in a child process on
 * BENCH_PORT (so the load generator does not share its event loop), signs in BENCH_LEARNERS
 * learners enrolled in one course, opens one playback session each, and has autocannon send
 * honest reports (the position follows the wall clock) over BENCH_CONNECTIONS connections,
 * one learner per connection, for BENCH_SECONDS. Prints requests/s, latency percentiles and
 * the count of non-200 answers (all of which are failures here).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { idNumberCheckCharacter } from '@yaoshi/contracts/identity-rules';
import { signRequest, type SignatureFunction } from '@yaoshi/envelope/sign';
import { signatureBytes } from '@yaoshi/envelope/verify';
import * as schema from '../src/db/schema';
import { MIGRATIONS_FOLDER } from '../src/db/database';
import { newSessionToken, sessionTokenHash } from '../src/accounts/sessions';
import { seedMissing } from '../src/seed/seed';
import { systemClock } from '../src/clock';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server that allows create database.');
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 19310);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? CONNECTIONS);
const SIGNER = { appId: 'yaoshi-web', secret: 'bench-secret-not-the-default' };
/** BENCH_BASELINE=1: the same harness on GET /v1/userinfo (signature, nonce, session, one read), to tell the endpoint's cost from the machine's. */
const BASELINE = process.env.BENCH_BASELINE === '1';
/** The load generator shares the machine: it signs with node:crypto, not crypto-js (about 10× cheaper). */
const nodeSign: SignatureFunction = (...parts) => signatureBytes(...parts).toString('base64');
const BENCH_COURSE = '抗凝药物的药学监护'; // 180 s video: longer than the run, so no report completes it

const databaseName = `yaoshi_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const url = new URL(baseUrl);
url.pathname = `/${databaseName}`;
const databaseUrl = url.toString();

const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const db = drizzle(pool, { schema });
let server: ReturnType<typeof spawn> | undefined;

try {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // The type of `db` differs from the app's Database alias only in the driver's HKT.
  await seedMissing(db as never, systemClock);
  const year = new Date().getFullYear();
  const [course] = await db.select().from(schema.courses).where(and(eq(schema.courses.name, BENCH_COURSE), eq(schema.courses.year, year)));
  if (!course) throw new Error('bench course missing');

  const now = new Date();
  const tokens: string[] = [];
  for (let i = 0; i < LEARNERS; i += 1) {
    const body = `110105199001${String(10000 + i).slice(-5)}`.slice(0, 17);
    const idNumber = body + idNumberCheckCharacter(body);
    const [learner] = await db
      .insert(schema.learners)
      .values({
        name: `压测学员${i}`,
        idNumber,
        phone: `199${String(i).padStart(8, '0')}`,
        passwordHash: 'not-used',
        certificationType: 1,
        avatarPath: 'faces/bench.jpg',
        avatarStatus: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: schema.learners.id });
    const token = newSessionToken();
    await db.insert(schema.sessions).values({
      learnerId: learner!.id,
      tokenHash: sessionTokenHash(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    await db.insert(schema.enrolments).values({ learnerId: learner!.id, courseId: course.id, year, createdAt: now });
    tokens.push(token);
  }
  await pool.end();

  // BENCH_SERVER_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const serverArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  server = spawn(process.execPath, [...serverArgs, '--import', 'tsx', fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      API_SIGN_SECRET: SIGNER.secret,
      API_SIGN_APP_ID: SIGNER.appId,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${PORT}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(`${origin}/media/none.svg`);
      break;
    } catch {
      if (attempt > 100) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const call = async (path: string, payload: Record<string, unknown>, token: string, method: 'GET' | 'POST') => {
    const request = signRequest(SIGNER, { method, path, payload, token });
    const response = await fetch(origin + request.url, { method, headers: request.headers, body: request.body ?? null });
    return (await response.json()) as { code: number; message: string; data: { record_id: number } };
  };
  const sessions: { token: string; recordId: number; openedAt: number }[] = [];
  for (const token of tokens) {
    const detail = await call('/v1/webcourse_detail', { cid: course.id, formal: 1 }, token, 'GET');
    if (detail.code !== 200) throw new Error(`detail: ${detail.code} ${detail.message}`);
    sessions.push({ token, recordId: detail.data.record_id, openedAt: Date.now() });
  }

  let next = 0;
  /** The first few non-200 answers, to say why. */
  const refusals: string[] = [];
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request, context) => {
          const ctx = context as { learner?: number };
          ctx.learner ??= next++ % sessions.length;
          const session = sessions[ctx.learner]!;
          // An honest player: the position is the time since the session opened.
          const pos = Math.floor((Date.now() - session.openedAt) / 1000);
          const signed = BASELINE
            ? signRequest(SIGNER, { method: 'GET', path: '/v1/userinfo', payload: {}, token: session.token }, nodeSign)
            : signRequest(SIGNER, {
                method: 'POST',
                path: '/v1/records',
                payload: { cid: course.id, record_id: session.recordId, pos, vlength: 180, state: 1 },
                token: session.token,
              }, nodeSign);
          return { ...request, method: signed.method, path: signed.url, headers: signed.headers, ...(signed.body ? { body: signed.body } : {}) };
        },
        onResponse: (status, body) => {
          if (status !== 200 && refusals.length < 5) refusals.push(`${status} ${body}`);
        },
      },
    ],
  });
  const outcomes = await (async () => {
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const rows = await check.query('select outcome, count(*)::int as n from study_reports group by outcome order by outcome');
    await check.end();
    return rows.rows as { outcome: string; n: number }[];
  })();
  console.log(
    JSON.stringify(
      {
        endpoint: BASELINE ? 'GET /v1/userinfo (baseline)' : 'POST /v1/records',
        connections: CONNECTIONS,
        seconds: SECONDS,
        learners: sessions.length,
        requestsPerSecond: result.requests.average,
        latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
        total: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        auditOutcomes: outcomes,
        statusCodes: result.statusCodeStats,
        firstRefusals: refusals,
      },
      null,
      2,
    ),
  );
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (process.env.BENCH_KEEP_DATABASE === "1") console.log(`kept database ${databaseName}`);
  else await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}
