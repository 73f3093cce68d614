import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import { bucketCorsXml } from '@yaoshi/api-server/storage/bucket-cors';
import { repoRoot, siteDir as defaultSiteDir } from '../paths';
import { nginxSiteConfig } from './nginx-config';
import { startNginx, startProcess, waitForHttp, type Running, type RunningNginx } from './processes';

/**
 * `npm run cluster`: the production shape on loopback (issue 21). Debian's PostgreSQL in a
 * data folder of its own, an S3-protocol server (s3rver), the release's migration run once,
 * API_SERVERS API servers and nginx in front.
 *
 * The mode: a declared STAGING site (NODE_ENV=production, STAGING_SANDBOX=allow). Everything
 * production enforces holds (real random secrets, PUBLIC_BASE_URL, no migration at start, no
 * demo data seeded by the servers), except that the sandbox payment gateway and the SMS
 * outbox are allowed and every page says it is a staging site. Nothing here is production.
 *
 * The servers are deploy/src/serve.ts (the API and the site, as in production) when the
 * site is built (`npm run build`), else the API alone (api/src/main.ts): learner traffic
 * only touches /v1, and nginx serves the site's files itself either way.
 */

export const API_SERVERS = 3;
export const HOST = '127.0.0.1';
/** nginx on the base port; PostgreSQL +1, s3rver +2, the API servers +10 … */
export const DEFAULT_BASE_PORT = 18300;
const S3_BUCKET = 'yaoshi-media';

export interface ClusterOptions {
  basePort?: number;
  servers?: number;
  /** Where PostgreSQL, s3rver, the media folder and nginx keep their files; removed on stop. */
  workDir?: string;
  log?: (line: string) => void;
}

export interface ApiServerProcess {
  port: number;
  /** Which entry point runs: `serve.ts` or `main.ts`. */
  entry: string;
  running: Running;
  /** SIGKILL: requests in flight are lost, as when a machine dies. */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once /readyz answers. */
  restart(): Promise<void>;
}

export interface Cluster {
  url: string;
  databaseUrl: string;
  /** The staging site's signing settings (what the shell would be built with). */
  signer: { appId: string; secret: string };
  servers: ApiServerProcess[];
  nginx: RunningNginx;
  /** Where the S3-protocol server listens (see objectStorageEnvironment). */
  s3: { endpoint: string; bucket: string };
  mode: string;
  stop(): Promise<void>;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const latest = versions.at(-1);
  if (!latest) throw new Error('No PostgreSQL server here: apt-get install -y postgresql');
  return path.join(root, latest, 'bin');
}

/** As root, PostgreSQL's tools run as the `postgres` user (initdb refuses root). */
function asPostgres(command: string, args: string[]): { command: string; args: string[] } {
  return process.getuid?.() === 0
    ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] }
    : { command, args };
}

function run(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${what} failed:\n${result.stdout}\n${result.stderr}`);
}

/** A throw-away PostgreSQL cluster in `dataDir` on loopback `port` (Debian's server); `stop` ends it. */
export async function startPostgres(dataDir: string, port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const bin = postgresBin();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (process.getuid?.() === 0) run('chown', ['postgres:postgres', dataDir], 'chown of the data folder');
  const initdb = asPostgres(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-locale',
  ]);
  run(initdb.command, initdb.args, 'initdb');
  // Enough connections for the servers' pools (10 each), the migration and the test's own checks.
  const options = `-c listen_addresses=${HOST} -p ${port} -k ${dataDir} -c max_connections=200 -c fsync=on`;
  const start = asPostgres(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dataDir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    options,
    'start',
  ]);
  run(start.command, start.args, 'pg_ctl start');
  return {
    url: `postgres://postgres@${HOST}:${port}/postgres`,
    async stop() {
      const stop = asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      spawnSync(stop.command, stop.args);
    },
  };
}

function secret(): string {
  return randomBytes(36).toString('base64url');
}

/** The servers keep their files in the S3-protocol server, unless CLUSTER_S3=0 (one shared media folder). */
function clusterUsesObjectStorage(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CLUSTER_S3 !== '0';
}

/** THE place where the servers get the object store's variables. */
function objectStorageEnvironment(s3: { endpoint: string; bucket: string }): Record<string, string> {
  if (!clusterUsesObjectStorage()) return {};
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
  };
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const basePort = options.basePort ?? DEFAULT_BASE_PORT;
  const count = options.servers ?? API_SERVERS;
  const log = options.log ?? ((line: string) => console.log(line));
  const workDir = options.workDir ?? path.join('/tmp', `yaoshi-cluster-${basePort}`);
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true, mode: 0o755 });
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const postgres = await startPostgres(path.join(workDir, 'pgdata'), basePort + 1);
    stops.push(() => postgres.stop());
    log(`PostgreSQL on ${HOST}:${basePort + 1}`);

    const s3Dir = path.join(workDir, 's3');
    fs.mkdirSync(s3Dir);
    const s3server = new S3rver({
      port: basePort + 2,
      address: HOST,
      silent: true,
      directory: s3Dir,
      // The site's pages read the published remotes (and HLS) from the bucket by script.
      configureBuckets: [{ name: S3_BUCKET, configs: [bucketCorsXml([`http://${HOST}:${basePort}`])] }],
    });
    await s3server.run();
    stops.push(() => new Promise<void>((resolve) => s3server.close(() => resolve())));
    const s3 = { endpoint: `http://${HOST}:${basePort + 2}`, bucket: S3_BUCKET };
    log(`S3-protocol server (s3rver) on ${s3.endpoint}, bucket ${S3_BUCKET}`);

    // One media folder shared by every server (the demo videos and pictures to start with).
    const mediaDir = path.join(workDir, 'media');
    fs.cpSync(path.join(repoRoot, 'api', 'media'), mediaDir, { recursive: true });

    const url = `http://${HOST}:${basePort}`;
    // The shell signs with the secret it was built with: to use the cluster from a browser,
    // build and start with the same API_SIGN_SECRET (≥ 32 bytes). Otherwise a fresh one.
    const signer = {
      appId: process.env.API_SIGN_APP_ID ?? 'yaoshi-web',
      secret: process.env.API_SIGN_SECRET ?? secret(),
    };
    const built = fs.existsSync(path.join(defaultSiteDir, 'index.html'));
    const siteDir = built ? defaultSiteDir : path.join(workDir, 'www');
    fs.mkdirSync(siteDir, { recursive: true });
    const environment: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST,
      DATABASE_URL: postgres.url,
      MEDIA_DIR: mediaDir,
      SITE_DIR: siteDir,
      DATA_DIR: path.join(workDir, 'data'),
      NODE_ENV: 'production',
      STAGING_SANDBOX: 'allow',
      PUBLIC_BASE_URL: url,
      API_SIGN_APP_ID: signer.appId,
      API_SIGN_SECRET: signer.secret,
      MEDIA_URL_SECRET: secret(),
      PAYMENT_SANDBOX_KEY: secret(),
      METRICS_TOKEN: secret(),
      TRUST_PROXY: HOST,
      LOG_LEVEL: 'warn',
      ...objectStorageEnvironment(s3),
    };
    const node = (script: string, extra: Record<string, string> = {}) =>
      startProcess(process.execPath, ['--import', 'tsx', path.join(repoRoot, script)], {
        env: { ...environment, ...extra },
        cwd: repoRoot,
      });
    const finished = async (running: Running, what: string) => {
      const code =
        running.child.exitCode ??
        (await new Promise<number | null>((resolve) => running.child.once('exit', (exit) => resolve(exit))));
      if (code !== 0) throw new Error(`${what} failed (${code}):\n${running.output()}`);
      return running.output().trim();
    };

    log(await finished(node('api/src/db/migrate-main.ts'), 'the migration'));
    // A staging site may hold demo content (api/src/seed/seed-demo-main.ts allows it there).
    log(await finished(node('api/src/seed/seed-demo-main.ts'), 'the demo data'));
    // The demo data's files (images, the demo lesson videos the servers transcode at start)
    // go into the bucket first, as an operator moving a site onto a bucket would copy them.
    if (clusterUsesObjectStorage()) {
      const copied = await finished(
        node('api/src/storage/storage-copy-main.ts', { MEDIA_DIR: path.join(repoRoot, 'api', 'media') }),
        'the copy of the demo files into the bucket',
      );
      log(copied.split('\n').at(-1) ?? '');
    }

    const entry = built ? 'deploy/src/serve.ts' : 'api/src/main.ts';
    const servers: ApiServerProcess[] = [];
    for (let index = 0; index < count; index += 1) {
      const port = basePort + 10 + index;
      // serve.ts's first start registers the built remotes in the empty release registry: one server does that first.
      if (index === 1 && servers[0]) await waitForHttp(`http://${HOST}:${servers[0].port}/readyz`, servers[0].running);
      const server: ApiServerProcess = {
        port,
        entry,
        running: node(entry, { PORT: String(port) }),
        async kill() {
          await server.running.stop('SIGKILL');
        },
        async restart() {
          await server.running.stop('SIGTERM');
          server.running = node(entry, { PORT: String(port) });
          await waitForHttp(`http://${HOST}:${port}/readyz`, server.running);
        },
      };
      servers.push(server);
      stops.push(() => server.running.stop('SIGTERM'));
    }
    await Promise.all(servers.map((server) => waitForHttp(`http://${HOST}:${server.port}/readyz`, server.running)));
    log(`${count} API servers (${entry}) on ${servers.map((server) => server.port).join(', ')}`);

    const site = {
      listen: `${HOST}:${basePort}`,
      serverName: HOST,
      upstreams: servers.map((server) => `${HOST}:${server.port}`),
      siteDir,
    };
    const nginx = await startNginx(site, path.join(workDir, 'nginx'), HOST, basePort);
    stops.push(() => nginx.stop());
    fs.writeFileSync(path.join(workDir, 'nginx', 'site.conf'), nginxSiteConfig(site));
    const mode = `staging (NODE_ENV=production, STAGING_SANDBOX=allow: sandbox payments and the SMS outbox; not a production site)${built ? '' : '; site not built, so the servers run the API alone'}`;
    return { url, databaseUrl: postgres.url, signer, servers, nginx, s3, mode, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
