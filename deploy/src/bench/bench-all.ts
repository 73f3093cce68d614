import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from '../paths';
import { startPostgres } from '../cluster/cluster';

/**
 * `npm run bench`: every benchmark, one after the other on this machine, then their figures
 * beside their targets, as a table written into docs/performance.md ("Latest figures", between
 * its `bench:begin` and `bench:end` markers; the rest of the page is hand-written) with the
 * machine, the commit and the date. Each benchmark prints its figures as one JSON line last; this reads
 * that line. Run `npm run build` first (the web benchmarks measure the built site).
 *
 * - DATABASE_URL: the PostgreSQL server for the API benchmarks; without it, a throw-away one
 *   is started on BENCH_PG_PORT (default 18390) and removed afterwards.
 * - BENCH_SECONDS: measured seconds of each API benchmark (default 15).
 * - `--no-write`: print the table, leave docs/performance.md as it is.
 *
 * Targets are checked here, by the benchmarks, never by timed unit tests. Exits 1 when a
 * target is missed.
 */
const TARGETS = {
  progressRequestsPerSecond: 5_000,
  progressP99Ms: 30,
  pgliteProgressRequestsPerSecond: 700,
  userinfoRequestsPerSecond: 6_000,
  lighthouseMinimum: 95,
  /** Issue 38: server rendering of public pages, p95 server CPU per view under 50 visitors. */
  ssrCpuP95Ms: 3,
  /** Issue 38: Lighthouse's mobile preset on the public pages. */
  mobile: { performance: 95, accessibility: 100, seo: 100, 'best-practices': 100, lcpMs: 2_000 },
} as const;
/** The public pages issue 38 measures on a phone: home, a news list, an article, /verify. */
const MOBILE_LIGHTHOUSE_PAGES = ['/', '/newsList?newsId=1', '/associationNewsDetail?postid=1', '/verify'];
/** The learner pages are measured signed in as 王芳 (e2e/bench/lighthouse.ts). */
const LIGHTHOUSE_PAGES = ['/', '/newsList?newsId=1', '/myCourse', '/signStudy', '/myOrder'];
const OUTPUT = path.join(repoRoot, 'docs', 'performance.md');
const BEGIN_MARKER = '<!-- bench:begin';
const END_MARKER = '<!-- bench:end -->';

interface BenchRun {
  name: string;
  exitCode: number;
  json: Record<string, unknown> | null;
}

/** Runs an npm script of a workspace and answers the last JSON line it printed. */
function runBench(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<BenchRun> {
  console.log(`== ${new Date().toISOString().slice(11, 19)} ${name}: npm ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn('npm', args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('close', (code) => {
      // The last line that is a benchmark's figures (a server's JSON log lines may follow it).
      let json: Record<string, unknown> | null = null;
      for (const line of output.split('\n').reverse()) {
        const text = line.trim();
        if (!text.startsWith('{')) continue;
        try {
          const parsed = JSON.parse(text) as Record<string, unknown>;
          if (typeof parsed['bench'] === 'string') {
            json = parsed;
            break;
          }
        } catch {
          // not JSON
        }
      }
      resolve({ name, exitCode: code ?? 1, json });
    });
  });
}

interface Row {
  benchmark: string;
  measured: string;
  target: string;
  met: boolean | null;
}

const number = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);
const grouped = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '—');

function apiRows(run: BenchRun, label: string, minimum: number, p99Max?: number): Row[] {
  if (!run.json) return [{ benchmark: label, measured: `no result (exit ${run.exitCode})`, target: '', met: false }];
  const perSecond = number(run.json['requestsPerSecond']);
  const latency = (run.json['latencyMs'] ?? {}) as Record<string, unknown>;
  const p99 = number(latency['p99']);
  const failures = number(run.json['non2xx']) + number(run.json['errors']);
  const cpu = (run.json['cpuMsPerRequest'] ?? {}) as Record<string, unknown>;
  const met = perSecond >= minimum && (p99Max === undefined || p99 <= p99Max) && failures === 0;
  return [
    {
      benchmark: label,
      // The machine's CPU per request tells a slower endpoint from a busier machine.
      measured: `${grouped(perSecond)} req/s, p50 ${number(latency['p50'])} ms, p99 ${p99} ms, ${failures} failed; ${number(cpu['wholeMachine'])} ms of machine CPU per request`,
      target: `≥ ${grouped(minimum)} req/s${p99Max === undefined ? '' : `, p99 ≤ ${p99Max} ms`}, none failed`,
      met,
    },
  ];
}

function webRows(run: BenchRun): Row[] {
  const pages = (run.json?.['pages'] ?? []) as {
    path: string;
    scripts: number;
    gzipKb: number;
    budgetKb: number;
    maxScripts: number;
    withinBudget: boolean;
  }[];
  if (pages.length === 0)
    return [{ benchmark: 'first-load JavaScript', measured: 'no result', target: '', met: false }];
  return pages.map((page) => ({
    benchmark: `first-load JavaScript ${page.path}`,
    measured: `${page.gzipKb} KB gzip in ${page.scripts} scripts`,
    target: `≤ ${page.budgetKb} KB in ≤ ${page.maxScripts} scripts`,
    met: page.withinBudget,
  }));
}

function lighthouseRows(run: BenchRun): Row[] {
  const pages = (run.json?.['pages'] ?? []) as { path: string; performance: number; accessibility: number }[];
  if (pages.length === 0) return [{ benchmark: 'Lighthouse', measured: 'no result', target: '', met: false }];
  return pages.map((page) => ({
    benchmark: `Lighthouse desktop ${page.path}`,
    measured: `performance ${page.performance}, accessibility ${page.accessibility}`,
    target: `both ≥ ${TARGETS.lighthouseMinimum}`,
    met: page.performance >= TARGETS.lighthouseMinimum && page.accessibility >= TARGETS.lighthouseMinimum,
  }));
}

function ssrRows(run: BenchRun): Row[] {
  const cpu = (run.json?.['cpuMsPerView'] ?? {}) as Record<string, unknown>;
  if (!run.json)
    return [
      { benchmark: 'server rendering CPU', measured: `no result (exit ${run.exitCode})`, target: '', met: false },
    ];
  const p95 = number(cpu['p95']);
  const failed = number(run.json['failed']);
  return [
    {
      benchmark: 'server rendering: server CPU per public page view, 50 visitors',
      measured: `whole process p95 ${p95} ms, mean ${number(cpu['mean'])} ms (rendering alone, Server-Timing: p95 ${number(((run.json['ssrMsPerView'] ?? {}) as Record<string, unknown>)['p95'])} ms); ${grouped(number(run.json['viewsPerSecond']))} views/s, ${failed} failed`,
      target: `p95 ≤ ${TARGETS.ssrCpuP95Ms} ms, none failed`,
      met: p95 <= TARGETS.ssrCpuP95Ms && failed === 0,
    },
  ];
}

function mobileLighthouseRows(run: BenchRun): Row[] {
  const pages = (run.json?.['pages'] ?? []) as ({ path: string; lcpMs: number } & Record<string, number>)[];
  if (pages.length === 0) return [{ benchmark: 'Lighthouse mobile', measured: 'no result', target: '', met: false }];
  const t = TARGETS.mobile;
  return pages.map((page) => ({
    benchmark: `Lighthouse mobile ${page.path}`,
    measured: `performance ${page['performance']}, accessibility ${page['accessibility']}, SEO ${page['seo']}, best practices ${page['best-practices']}, LCP ${(page.lcpMs / 1000).toFixed(1)} s`,
    target: `≥ ${t.performance}, ${t.accessibility}, ${t.seo}, ${t['best-practices']}; LCP ≤ ${t.lcpMs / 1000} s`,
    met:
      (page['performance'] ?? 0) >= t.performance &&
      (page['accessibility'] ?? 0) >= t.accessibility &&
      (page['seo'] ?? 0) >= t.seo &&
      (page['best-practices'] ?? 0) >= t['best-practices'] &&
      page.lcpMs <= t.lcpMs,
  }));
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return String(
      (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?',
    );
  } finally {
    await client.end();
  }
}

function machine(): string {
  const cpus = os.cpus();
  const memoryGiB = (os.totalmem() / 1024 ** 3).toFixed(0);
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${memoryGiB} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

function commit(): string {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '?';
}

function table(rows: readonly Row[]): string {
  const cells = rows.map((row) => [
    row.benchmark,
    row.measured,
    row.target,
    row.met === null ? '' : row.met ? 'yes' : '**no**',
  ]);
  const header = ['benchmark', 'measured', 'target', 'met'];
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...cells.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/**
 * The page with its generated part replaced: everything between the `bench:begin` and
 * `bench:end` markers. A page without them (or no page) gets a minimal one around the figures.
 */
function withLatestFigures(page: string, figures: string): string {
  const begin = page.indexOf(BEGIN_MARKER);
  const beginLineEnd = begin === -1 ? -1 : page.indexOf('\n', begin);
  const end = page.indexOf(END_MARKER);
  if (begin === -1 || beginLineEnd === -1 || end < beginLineEnd) {
    return `# Performance\n\n## Latest figures\n\n${BEGIN_MARKER} (written by npm run bench; edit outside these markers) -->\n\n${figures}\n${END_MARKER}\n`;
  }
  return `${page.slice(0, beginLineEnd + 1)}\n${figures}\n${page.slice(end)}`;
}

const write = !process.argv.includes('--no-write');
let database: { url: string; stop(): Promise<void> } | undefined;
let databaseUrl = process.env.DATABASE_URL?.trim();
const pgFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'yaoshi-bench-pg-'));
try {
  if (!databaseUrl) {
    database = await startPostgres(pgFolder, Number(process.env.BENCH_PG_PORT ?? 18390));
    databaseUrl = database.url;
  }
  const started = new Date();
  const seconds = process.env.BENCH_SECONDS ?? '15';
  const progress = await runBench('progress reports', ['run', 'bench:progress', '-w', 'api'], {
    DATABASE_URL: databaseUrl,
    BENCH_SECONDS: seconds,
  });
  const pgliteProgress = await runBench(
    'progress reports on PGlite',
    ['run', 'bench:progress', '-w', 'api', '--', '--pglite'],
    {
      BENCH_SECONDS: seconds,
    },
  );
  const userinfo = await runBench('GET /v1/userinfo', ['run', 'bench:progress', '-w', 'api'], {
    DATABASE_URL: databaseUrl,
    BENCH_SECONDS: seconds,
    BENCH_BASELINE: '1',
  });
  const web = await runBench('first-load JavaScript', ['run', 'bench:web', '-w', 'e2e', '--', '--quiet']);
  const lighthouse = await runBench('Lighthouse', ['run', 'bench:lighthouse', '-w', 'e2e', '--', ...LIGHTHOUSE_PAGES]);
  const ssr = await runBench('server rendering CPU', ['run', 'bench:ssr', '-w', 'e2e'], { BENCH_SECONDS: seconds });
  const mobileLighthouse = await runBench('Lighthouse mobile', [
    'run',
    'bench:lighthouse',
    '-w',
    'e2e',
    '--',
    '--mobile',
    ...MOBILE_LIGHTHOUSE_PAGES,
  ]);
  const rows: Row[] = [
    ...apiRows(
      progress,
      'progress reports, PostgreSQL, durable (`POST /v1/records`)',
      TARGETS.progressRequestsPerSecond,
      TARGETS.progressP99Ms,
    ),
    ...apiRows(
      pgliteProgress,
      'progress reports, embedded PGlite (`POST /v1/records`)',
      TARGETS.pgliteProgressRequestsPerSecond,
    ),
    ...apiRows(userinfo, 'signed envelope, PostgreSQL (`GET /v1/userinfo`)', TARGETS.userinfoRequestsPerSecond),
    ...webRows(web),
    ...lighthouseRows(lighthouse),
    ...ssrRows(ssr),
    ...mobileLighthouseRows(mobileLighthouse),
  ];
  const document = `Written by \`npm run bench\` (deploy/src/bench/bench-all.ts); run it again after a change
that may matter, on a quiet machine (the benchmarks share its cores with everything else).

- **When:** ${started.toISOString().replace('T', ' ').slice(0, 16)} UTC
- **Machine:** ${machine()}
- **PostgreSQL:** ${await postgresVersion(databaseUrl)} on the same machine
- **Commit:** \`${commit()}\`
- **API benchmarks:** 100 connections, 3 s warm-up, ${seconds} s measured ("The progress report benchmark" below)

${table(rows)}
`;
  console.log(`\n${document}`);
  if (write) {
    fs.writeFileSync(OUTPUT, withLatestFigures(fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT, 'utf8') : '', document));
    // In the repository's format, so the format check passes on the written file.
    spawnSync('npx', ['prettier', '--write', OUTPUT], { cwd: repoRoot, stdio: 'ignore' });
    console.log(`written to ${path.relative(repoRoot, OUTPUT)}`);
  }
  if (rows.some((row) => row.met === false)) process.exitCode = 1;
} finally {
  await database?.stop();
  fs.rmSync(pgFolder, { recursive: true, force: true });
}
