/**
 * Benchmark of the progress report (`POST /v1/records`), every rule applied:
 * signature and nonce, bearer session, the session/enrolment/progress read with the
 * learner's report sequence, the judgement, the session and progress updates and the
 * audit row.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres BENCH_PORT=19310 npm run bench:progress -w api
 *   BENCH_PORT=19310 npm run bench:progress -w api -- --pglite
 *
 * It creates a throw-away database on that server (with `--pglite`: an embedded PGlite in a
 * throw-away data folder, the default a newcomer's site runs on), starts the API in a child process on
 * BENCH_PORT (so the load generator does not share its event loop), signs in BENCH_LEARNERS
 * learners enrolled in one course, opens one playback session each, and has the lean load
 * generator (load-generator.ts) send honest reports (the position follows the wall clock)
 * over BENCH_CONNECTIONS connections, one learner per connection, for BENCH_SECONDS after
 * BENCH_WARMUP_SECONDS (3) of unmeasured load. Prints
 * requests/s, latency percentiles, the answers by status (any non-200 is a failure here),
 * the audit trail's verdicts, and the CPU each process spent per request.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { idNumberCheckCharacter } from '@yaoshi/contracts/identity-rules';
import { signRequest, type SignatureFunction } from '@yaoshi/envelope/sign';
import { signatureBytes } from '@yaoshi/envelope/verify';
import { runLoad } from './load-generator';
import { learners, sessions as learnerSessions } from '../src/accounts/accounts-schema';
import { courseLessons, courses } from '../src/catalogue/catalogue-schema';
import { videoTranscodes } from '../src/video-transcode/video-transcode-schema';
import { enrolments } from '../src/orders/orders-schema';
import { studyReports } from '../src/study/study-schema';
import { openDatabase, type Database } from '../src/db/database';
import { newSessionToken, sessionTokenHash } from '../src/accounts/sessions';
import { seedMissing } from '../src/seed/seed';
import { systemClock } from '../src/clock';
import * as accountRoutes from '@yaoshi/contracts/routes/accounts';
import * as studyRoutes from '@yaoshi/contracts/routes/study';

/** `--pglite`: the server on embedded PGlite (one connection, in its own process). */
const PGLITE = process.argv.includes('--pglite');
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl && !PGLITE) {
  console.error('Set DATABASE_URL to a PostgreSQL server that allows create database, or pass --pglite.');
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 19310);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? CONNECTIONS);
const SIGNER = { appId: 'yaoshi-web', secret: 'bench-secret-not-the-default' };
/** BENCH_BASELINE=1: the same harness on GET /v1/userinfo (signature, nonce, session, one read), to tell the endpoint's cost from the machine's. */
const BASELINE = process.env.BENCH_BASELINE === '1';
/** The load generator shares the machine: it signs with node:crypto, several times cheaper than the browser's pure-JS HMAC. */
const nodeSign: SignatureFunction = (...parts) => signatureBytes(...parts).toString('base64');
const BENCH_COURSE = '抗凝药物的药学监护'; // 180 s video: longer than the run, so no report completes it

/** CPU seconds used so far by the server, by PostgreSQL's processes, by this process and by the whole machine. */
function cpuSnapshot(serverPid: number | undefined) {
  const ticks = 100; // USER_HZ
  const processSeconds = (pid: string | number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      return 0;
    }
  };
  let postgres = 0;
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres += processSeconds(pid);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    // no /proc: not Linux
  }
  let machine = 0;
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    machine = (cpu[0]! + cpu[1]! + cpu[2]! + cpu[5]! + cpu[6]! + cpu[7]!) / ticks; // user nice system irq softirq steal
  } catch {
    // no /proc
  }
  const self = process.cpuUsage();
  return {
    server: serverPid === undefined ? 0 : processSeconds(serverPid),
    postgres,
    self: (self.user + self.system) / 1e6,
    machine,
  };
}

/** The throw-away database: a database on the PostgreSQL server, or a PGlite data folder. */
const databaseName = `yaoshi_bench_${process.pid}`;
const admin = baseUrl && !PGLITE ? new pg.Client({ connectionString: baseUrl }) : null;
let databaseUrl: string | undefined;
let dataDir: string | undefined;
if (admin && baseUrl) {
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
} else {
  dataDir = mkdtempSync(join(tmpdir(), 'yaoshi-bench-'));
}
const openBenchDatabase = () => openDatabase({ databaseUrl, dataDir: dataDir ?? tmpdir() });

/**
 * A new site transcodes its lesson videos with ffmpeg after start, for minutes on two
 * cores: the bench's site is given finished-and-failed transcodes instead (its lessons then
 * play their uploaded files), so the load does not measure ffmpeg's share of the machine.
 */
async function withoutTranscodes(db: Database): Promise<void> {
  const lessons = await db.selectDistinct({ path: courseLessons.videoPath }).from(courseLessons);
  const intros = await db.selectDistinct({ path: courses.videoPath }).from(courses).where(isNotNull(courses.videoPath));
  const paths = [...new Set([...lessons, ...intros].map((row) => row.path).filter((path) => path !== null))];
  if (paths.length === 0) return;
  const now = new Date();
  await db
    .insert(videoTranscodes)
    .values(
      paths.map((sourcePath) => ({
        sourcePath,
        status: 'failed' as const,
        failureReason: 'not transcoded on the bench',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

let server: ReturnType<typeof spawn> | undefined;
const serverExited = () =>
  new Promise<void>((resolve) => {
    if (!server || server.exitCode !== null || server.signalCode !== null) resolve();
    else server.once('exit', () => resolve());
  });

try {
  const setup = await openBenchDatabase();
  const db = setup.db;
  await seedMissing(db, systemClock);
  await withoutTranscodes(db);
  const year = new Date().getFullYear();
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.name, BENCH_COURSE), eq(courses.year, year)));
  if (!course) throw new Error('bench course missing');

  const now = new Date();
  const tokens: string[] = [];
  for (let i = 0; i < LEARNERS; i += 1) {
    const body = `110105199001${String(10000 + i).slice(-5)}`.slice(0, 17);
    const idNumber = body + idNumberCheckCharacter(body);
    const [learner] = await db
      .insert(learners)
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
      .returning({ id: learners.id });
    const token = newSessionToken();
    await db.insert(learnerSessions).values({
      learnerId: learner!.id,
      tokenHash: sessionTokenHash(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    await db.insert(enrolments).values({ learnerId: learner!.id, courseId: course.id, year, createdAt: now });
    tokens.push(token);
  }
  await setup.close();

  // BENCH_SERVER_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const serverArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  server = spawn(
    process.execPath,
    [...serverArgs, '--import', 'tsx', fileURLToPath(new URL('../src/main.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '', DATA_DIR: dataDir }),
        API_SIGN_SECRET: SIGNER.secret,
        API_SIGN_APP_ID: SIGNER.appId,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
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
    const response = await fetch(origin + request.url, {
      method,
      headers: request.headers,
      body: request.body ?? null,
    });
    return (await response.json()) as { code: number; message: string; data: { record_id: number } };
  };
  const sessions: { token: string; recordId: number; openedAt: number }[] = [];
  for (const token of tokens) {
    const detail = await call(studyRoutes.webcourseDetail.path, { cid: course.id, formal: 1 }, token, 'GET');
    if (detail.code !== 200) throw new Error(`detail: ${detail.code} ${detail.message}`);
    sessions.push({ token, recordId: detail.data.record_id, openedAt: Date.now() });
  }

  let cpuBefore = cpuSnapshot(server.pid);
  // One learner per connection, sending honest reports back to back.
  const result = await runLoad({
    host: '127.0.0.1',
    port: PORT,
    connections: CONNECTIONS,
    warmupMs: WARMUP_SECONDS * 1000,
    onMeasureStart: () => {
      cpuBefore = cpuSnapshot(server?.pid);
    },
    durationMs: SECONDS * 1000,
    nextRequest: (connection) => {
      const session = sessions[connection % sessions.length]!;
      // An honest player: the position is the time since the session opened.
      const pos = Math.floor((Date.now() - session.openedAt) / 1000);
      const signed = BASELINE
        ? signRequest(
            SIGNER,
            { method: 'GET', path: accountRoutes.userinfo.path, payload: {}, token: session.token },
            nodeSign,
          )
        : signRequest(
            SIGNER,
            {
              method: 'POST',
              path: studyRoutes.records.path,
              payload: { cid: course.id, record_id: session.recordId, pos, vlength: 180, state: 1 },
              token: session.token,
            },
            nodeSign,
          );
      return {
        method: signed.method,
        path: signed.url,
        headers: signed.headers,
        ...(signed.body === undefined ? {} : { body: signed.body }),
      };
    },
  });
  const cpuAfter = cpuSnapshot(server.pid);
  const perRequest = (seconds: number) => Number(((seconds * 1000) / Math.max(1, result.total)).toFixed(3));
  // Read once the server has stopped: PGlite's folder has one user at a time.
  server.kill('SIGTERM');
  await serverExited();
  const outcomes = await (async () => {
    const check = await openBenchDatabase();
    const rows = await check.db
      .select({ outcome: studyReports.outcome, n: count() })
      .from(studyReports)
      .groupBy(studyReports.outcome)
      .orderBy(studyReports.outcome);
    await check.close();
    return rows;
  })();
  console.log(
    JSON.stringify({
      bench: BASELINE ? 'userinfo' : 'progress',
      database: PGLITE ? 'pglite' : 'postgresql',
      endpoint: BASELINE ? 'GET /v1/userinfo (baseline)' : 'POST /v1/records',
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      learners: sessions.length,
      requestsPerSecond: result.requestsPerSecond,
      latencyMs: result.latencyMs,
      total: result.total,
      non2xx: result.non2xx,
      errors: result.errors,
      auditOutcomes: outcomes,
      statusCodes: result.statusCodes,
      firstRefusals: result.firstRefusals,
      // CPU milliseconds per answered request, by process (Linux /proc; the database only
      // when it runs on this machine): tells a slower endpoint from a busier machine.
      cpuMsPerRequest: {
        server: perRequest(cpuAfter.server - cpuBefore.server),
        postgres: perRequest(cpuAfter.postgres - cpuBefore.postgres),
        loadGenerator: perRequest(cpuAfter.self - cpuBefore.self),
        wholeMachine: perRequest(cpuAfter.machine - cpuBefore.machine),
      },
    }),
  );
} finally {
  server?.kill('SIGTERM');
  await serverExited();
  if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${databaseUrl ?? dataDir}`);
  else if (admin) await admin.query(`drop database if exists ${databaseName} with (force)`);
  else if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await admin?.end();
}
