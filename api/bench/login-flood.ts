/**
 * Benchmark of a login flood on PostgreSQL (issue 15): the throughput of an ordinary signed
 * GET (`/v1/userinfo`: signature, nonce, session, one read) alone, and then while
 * BENCH_LOGINS (200) connections send password logins back to back. argon2 runs in a
 * bounded pool, so the GETs must keep at least 70 % of their throughput; logins beyond the
 * pool's queue get a quick 503 with Retry-After.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres BENCH_PORT=19320 npm run bench:login -w api
 *
 * It creates a throw-away database on that server, starts the API in a child process on
 * BENCH_PORT with TRUST_PROXY=true, and gives every login its own X-Forwarded-For address,
 * as a flood from many machines would come (one address would only meet the per-IP limit).
 * A login refused with 503 waits the Retry-After it was given before the next one on its
 * connection (BENCH_HONOUR_RETRY_AFTER=0: at once, an attacker ignoring it).
 * Prints JSON: requests/s of the GETs alone and during the flood, the share kept, and the
 * logins' answers by status and latency.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { idNumberCheckCharacter } from '@yaoshi/contracts/identity-rules';
import { signRequest, type SignatureFunction } from '@yaoshi/envelope/sign';
import { signatureBytes } from '@yaoshi/envelope/verify';
import { runLoad, type LoadResult } from './load-generator';
import { learners as learnerTable, sessions } from '../src/accounts/accounts-schema';
import { MIGRATIONS_FOLDER } from '../src/db/database';
import { HASH_BUSY_RETRY_AFTER_S, hashPassword } from '../src/accounts/passwords';
import { newSessionToken, sessionTokenHash } from '../src/accounts/sessions';
import { seedMissing } from '../src/seed/seed';
import { systemClock } from '../src/clock';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server that allows create database.');
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 19320);
const GET_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** The target of issue 15: the GETs keep at least this share of their throughput. */
const TARGET_SHARE_KEPT = 0.7;
const SIGNER = { appId: 'yaoshi-web', secret: 'bench-secret-not-the-default' };
const PASSWORD = 'bench-Password-1';
/** A login refused with 503 waits its Retry-After before trying again, as a client that honours it does. */
const HONOUR_RETRY_AFTER = process.env.BENCH_HONOUR_RETRY_AFTER !== '0';
const nodeSign: SignatureFunction = (...parts) => signatureBytes(...parts).toString('base64');

const databaseName = `yaoshi_bench_login_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const url = new URL(baseUrl);
url.pathname = `/${databaseName}`;
const databaseUrl = url.toString();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const db = drizzle(pool);
let server: ReturnType<typeof spawn> | undefined;

try {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await seedMissing(db, systemClock);
  const now = new Date();
  const passwordHash = await hashPassword(PASSWORD);
  const learners: { phone: string; token: string }[] = [];
  for (let i = 0; i < Math.max(LOGINS, GET_CONNECTIONS); i += 1) {
    const body = `110105199001${String(10000 + i).slice(-5)}`.slice(0, 17);
    const phone = `199${String(i).padStart(8, '0')}`;
    const [learner] = await db
      .insert(learnerTable)
      .values({
        name: `压测学员${i}`,
        idNumber: body + idNumberCheckCharacter(body),
        phone,
        passwordHash,
        certificationType: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: learnerTable.id });
    const token = newSessionToken();
    await db.insert(sessions).values({
      learnerId: learner!.id,
      tokenHash: sessionTokenHash(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    learners.push({ phone, token });
  }
  await pool.end();

  server = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/main.ts', import.meta.url))], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      API_SIGN_SECRET: SIGNER.secret,
      API_SIGN_APP_ID: SIGNER.appId,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${PORT}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(`${origin}/healthz`);
      break;
    } catch {
      if (attempt > 100) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const getLoad = () =>
    runLoad({
      host: '127.0.0.1',
      port: PORT,
      connections: GET_CONNECTIONS,
      warmupMs: WARMUP_SECONDS * 1000,
      durationMs: SECONDS * 1000,
      keepRefusals: 3,
      nextRequest: (connection) => {
        const signed = signRequest(
          SIGNER,
          {
            method: 'GET',
            path: accountRoutes.userinfo.path,
            payload: {},
            token: learners[connection % learners.length]!.token,
          },
          nodeSign,
        );
        return { method: signed.method, path: signed.url, headers: signed.headers };
      },
    });
  let address = 0;
  const loginLoad = (): Promise<LoadResult> =>
    runLoad({
      host: '127.0.0.1',
      port: PORT,
      connections: LOGINS,
      // Starts with the GETs' warm-up and ends after their measured part.
      warmupMs: WARMUP_SECONDS * 1000,
      durationMs: SECONDS * 1000 + 500,
      keepRefusals: 3,
      // BENCH_HONOUR_RETRY_AFTER=0: hammer at once after a refusal instead of waiting as told.
      pauseAfter: (status) =>
        HONOUR_RETRY_AFTER && (status === 503 || status === 429) ? HASH_BUSY_RETRY_AFTER_S * 1000 : 0,
      nextRequest: (connection) => {
        address += 1;
        const signed = signRequest(
          SIGNER,
          {
            method: 'POST',
            path: accountRoutes.login.path,
            payload: { type: '1', username: learners[connection % learners.length]!.phone, password: PASSWORD },
          },
          nodeSign,
        );
        const forwarded = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
        return {
          method: signed.method,
          path: signed.url,
          headers: { ...signed.headers, 'x-forwarded-for': forwarded },
          ...(signed.body === undefined ? {} : { body: signed.body }),
        };
      },
    });

  const alone = await getLoad();
  const [during, logins] = await Promise.all([getLoad(), loginLoad()]);
  const shareKept = during.requestsPerSecond / Math.max(1, alone.requestsPerSecond);
  console.log(
    JSON.stringify(
      {
        endpoint: 'GET /v1/userinfo',
        getConnections: GET_CONNECTIONS,
        loginConnections: LOGINS,
        loginsHonourRetryAfter: HONOUR_RETRY_AFTER,
        seconds: SECONDS,
        getAlone: {
          requestsPerSecond: alone.requestsPerSecond,
          latencyMs: alone.latencyMs,
          statusCodes: alone.statusCodes,
        },
        getDuringLoginFlood: {
          requestsPerSecond: during.requestsPerSecond,
          latencyMs: during.latencyMs,
          statusCodes: during.statusCodes,
        },
        shareKept: Number(shareKept.toFixed(3)),
        target: `>= ${TARGET_SHARE_KEPT}`,
        meetsTarget: shareKept >= TARGET_SHARE_KEPT,
        logins: {
          answersPerSecond: logins.requestsPerSecond,
          statusCodes: logins.statusCodes,
          latencyMs: logins.latencyMs,
          firstRefusals: logins.firstRefusals,
        },
      },
      null,
      2,
    ),
  );
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}
