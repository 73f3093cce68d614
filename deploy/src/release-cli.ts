import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatBeijingTime } from '@yaoshi/contracts/beijing-time';
import { fillPath } from '@yaoshi/contracts/route';
import { RELEASE_REGISTRY_PATHS as P } from '@yaoshi/contracts/release-registry-paths';

/**
 * `npm run release -- <command>`: the release manager's one command, for a CI job or a
 * laptop. It talks to a running server over HTTP(S) (RELEASE_URL) with a release-manager
 * token (RELEASE_TOKEN) and never touches the server's disk. Exit 0 on success; on a
 * refusal, exit 1 and one line saying why; a usage mistake exits 2. `--json` prints the
 * server's answer as JSON.
 */

export const USAGE = `usage: npm run release -- <command> [--json]
  publish <remote> [--dir <built folder>]
  pin <remote> <version> [--env production] --reason "…"
  rollback <remote> [--env production] --reason "…"
  canary <remote> <version> --percent N [--env production] [--reason "…"]
  promote <remote> [--env production] [--reason "…"]
  canary-end <remote> [--env production] --reason "…"
  override <remote> <version>
  status [--env production]
  history <remote>
  check-shell [--dir shell/dist]
environment: RELEASE_URL (e.g. https://www.example.org), RELEASE_TOKEN (from RELEASE_TOKENS, or a 发布管理 staff session token)`;

export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  fetch: typeof fetch;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Files of a built folder, relative paths with `/`. */
  readFolder: (dir: string) => { path: string; content: Buffer }[];
  readText: (file: string) => string;
  repoRoot: string;
}

class UsageError extends Error {}

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

async function request(io: CliIo, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope> {
  const base = io.env.RELEASE_URL?.trim().replace(/\/+$/, '');
  const token = io.env.RELEASE_TOKEN?.trim();
  if (!base) throw new UsageError('RELEASE_URL is not set (the server to release on, e.g. https://www.example.org)');
  if (!token)
    throw new UsageError(
      'RELEASE_TOKEN is not set (a release-manager token from RELEASE_TOKENS on the server, or a 发布管理 staff session token)',
    );
  let response: Response;
  try {
    response = await io.fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    return {
      code: 0,
      message: `cannot reach ${base}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`,
      data: null,
    };
  }
  try {
    return (await response.json()) as Envelope;
  } catch {
    return {
      code: response.status,
      message: `${base}${path} answered HTTP ${response.status} without a release envelope`,
      data: null,
    };
  }
}

interface StatusRemote {
  remote: string;
  section: string;
  pinned: string | null;
  canary: { version: string; percent: number } | null;
  versions: string[];
  health: { version: string; loads: number; failures: number; failureRate: number }[];
}

interface HistoryLine {
  at: string;
  environment: string;
  action: string;
  from: string | null;
  to: string | null;
  actor: string;
  reason: string;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

function printStatus(io: CliIo, data: { environment: string; remotes: StatusRemote[] }): void {
  io.out(`environment: ${data.environment}`);
  for (const remote of data.remotes) {
    const canary = remote.canary ? `  canary ${remote.canary.version} (${remote.canary.percent}%)` : '';
    io.out(`${remote.remote} (${remote.section}): live ${remote.pinned ?? '(not pinned)'}${canary}`);
    for (const health of remote.health) {
      io.out(
        `  ${health.version}: ${health.loads} loads, ${health.failures} failures (${percent(health.failureRate)})`,
      );
    }
  }
}

function printHistory(io: CliIo, data: { remote: string; history: HistoryLine[] }): void {
  if (data.history.length === 0) io.out(`${data.remote}: no history yet`);
  for (const line of data.history) {
    io.out(
      `${formatBeijingTime(line.at)}  ${line.environment.padEnd(10)} ${line.action.padEnd(13)} ${line.from ?? '-'} → ${line.to ?? '-'}  by ${line.actor}: ${line.reason}`,
    );
  }
}

function remoteVersion(io: CliIo, remote: string): string {
  const pkg = JSON.parse(io.readText(join(io.repoRoot, 'remotes', remote, 'package.json'))) as { version?: string };
  if (!pkg.version) throw new UsageError(`remotes/${remote}/package.json has no version`);
  return pkg.version;
}

type OptionName = 'env' | 'reason' | 'percent' | 'dir';

/**
 * Every command: how many arguments it takes, which options it accepts and which it needs.
 * A command given the wrong number of arguments, an option it does not take or without one
 * it needs is a usage mistake (exit 2) before anything is sent; a test walks this table.
 */
export const RELEASE_COMMANDS = {
  publish: { args: ['remote'], accepts: ['dir'], needs: [] },
  pin: { args: ['remote', 'version'], accepts: ['env', 'reason'], needs: ['reason'] },
  rollback: { args: ['remote'], accepts: ['env', 'reason'], needs: ['reason'] },
  canary: { args: ['remote', 'version'], accepts: ['env', 'reason', 'percent'], needs: ['percent'] },
  promote: { args: ['remote'], accepts: ['env', 'reason'], needs: [] },
  'canary-end': { args: ['remote'], accepts: ['env', 'reason'], needs: ['reason'] },
  override: { args: ['remote', 'version'], accepts: [], needs: [] },
  status: { args: [], accepts: ['env'], needs: [] },
  history: { args: ['remote'], accepts: [], needs: [] },
  'check-shell': { args: [], accepts: ['dir'], needs: [] },
} as const satisfies Record<
  string,
  { args: readonly string[]; accepts: readonly OptionName[]; needs: readonly OptionName[] }
>;

export type ReleaseCommand = keyof typeof RELEASE_COMMANDS;

const isReleaseCommand = (name: string | undefined): name is ReleaseCommand =>
  name !== undefined && Object.hasOwn(RELEASE_COMMANDS, name);

/** What a missing option is asked for with. */
const NEEDED: Record<OptionName, string> = {
  reason: '--reason "…" (why; it goes into the release history)',
  percent: '--percent N (a whole number from 1 to 99)',
  env: '--env <environment>',
  dir: '--dir <folder>',
};

/** Checks a command's arguments and options against RELEASE_COMMANDS; a mistake throws UsageError. */
function checkUsage(
  command: ReleaseCommand,
  rest: readonly string[],
  values: Partial<Record<OptionName, string | undefined>>,
): void {
  const spec = RELEASE_COMMANDS[command];
  if (rest.length !== spec.args.length)
    throw new UsageError(
      `${command} takes ${spec.args.length} argument${spec.args.length === 1 ? '' : 's'}${spec.args.length > 0 ? ` (${spec.args.map((name) => `<${name}>`).join(' ')})` : ''}`,
    );
  for (const option of Object.keys(NEEDED) as OptionName[]) {
    const given = values[option];
    if (given === undefined) continue;
    if (!(spec.accepts as readonly OptionName[]).includes(option))
      throw new UsageError(`${command} takes no --${option}`);
  }
  for (const option of spec.needs as readonly OptionName[]) {
    if (!values[option]?.trim()) throw new UsageError(`${command} needs ${NEEDED[option]}`);
  }
  if (values.percent !== undefined) {
    const share = Number(values.percent);
    if (!/^\d+$/.test(values.percent.trim()) || share < 1 || share > 99)
      throw new UsageError(`${command} needs ${NEEDED.percent}`);
  }
}

/** Runs one command; returns the exit code. */
export async function runRelease(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        env: { type: 'string' },
        reason: { type: 'string' },
        percent: { type: 'string' },
        dir: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    io.err(USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const env = values.env;

  try {
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (!isReleaseCommand(command)) {
      throw new UsageError(command ? `unknown command: ${command}` : 'no command given');
    }
    checkUsage(command, rest, values);
    let answer: Envelope;
    switch (command) {
      case 'publish': {
        const [remote] = rest as [string];
        const dir = values.dir ?? join(io.repoRoot, 'remotes', remote, 'dist', remoteVersion(io, remote));
        let files;
        try {
          files = io.readFolder(dir);
        } catch {
          throw new UsageError(
            `no built folder at ${dir}: run \`npm run build -w remotes/${remote}\` first, or pass --dir`,
          );
        }
        answer = await request(io, 'POST', fillPath(P.publish, { remote }), {
          files: files.map((file) => ({ path: file.path, base64: file.content.toString('base64') })),
        });
        break;
      }
      case 'pin': {
        const [remote, version] = rest as [string, string];
        answer = await request(io, 'POST', P.pin, { remote, version, env, reason: values.reason });
        break;
      }
      case 'rollback': {
        const [remote] = rest as [string];
        answer = await request(io, 'POST', P.rollback, { remote, env, reason: values.reason });
        break;
      }
      case 'canary': {
        const [remote, version] = rest as [string, string];
        const share = Number(values.percent);
        answer = await request(io, 'POST', P.canary, {
          remote,
          version,
          percent: share,
          env,
          reason: values.reason,
        });
        break;
      }
      case 'promote': {
        const [remote] = rest as [string];
        answer = await request(io, 'POST', P.promote, { remote, env, reason: values.reason });
        break;
      }
      case 'canary-end': {
        const [remote] = rest as [string];
        answer = await request(io, 'POST', P.canaryEnd, { remote, env, reason: values.reason });
        break;
      }
      case 'override': {
        const [remote, version] = rest as [string, string];
        answer = await request(io, 'POST', P.override, { remote, version });
        break;
      }
      case 'status': {
        answer = await request(io, 'GET', `${P.status}${env ? `?env=${encodeURIComponent(env)}` : ''}`);
        break;
      }
      case 'history': {
        const [remote] = rest as [string];
        answer = await request(io, 'GET', `${P.history}?remote=${encodeURIComponent(remote)}`);
        break;
      }
      case 'check-shell': {
        const file = join(values.dir ?? join(io.repoRoot, 'shell', 'dist'), 'shell-manifest.json');
        let manifest: unknown;
        try {
          manifest = JSON.parse(io.readText(file));
        } catch {
          throw new UsageError(`no ${file}: run \`npm run build -w shell\` first, or pass --dir`);
        }
        answer = await request(io, 'POST', P.checkShell, manifest);
        break;
      }
    }

    if (answer.code !== 200) {
      if (values.json)
        io.out(JSON.stringify({ ok: false, code: answer.code, message: answer.message, data: answer.data }));
      else io.err(answer.code === 0 ? answer.message : `refused: ${answer.message}`);
      return 1;
    }
    if (values.json) {
      io.out(JSON.stringify({ ok: true, data: answer.data }));
      return 0;
    }
    const data = answer.data as Record<string, unknown>;
    switch (command) {
      case 'publish':
        io.out(
          data.changed
            ? `published ${String(data.remote)} ${String(data.version)} (${String(data.contentHash)})`
            : `${String(data.remote)} ${String(data.version)} is already published with this content: nothing changed`,
        );
        break;
      case 'pin':
      case 'rollback':
      case 'promote':
        io.out(
          `${String(data.remote)} (${String(data.environment)}): ${typeof data.from === 'string' ? data.from : '(none)'} → ${String(data.to)}`,
        );
        break;
      case 'canary':
        io.out(
          `${String(data.remote)} (${String(data.environment)}): canary ${String(data.version)} for ${String(data.percent)}% of visitors`,
        );
        break;
      case 'canary-end':
        io.out(
          `${String(data.remote)} (${String(data.environment)}): canary ${String(data.version)} ended; every visitor gets the pin`,
        );
        break;
      case 'override': {
        const base = io.env.RELEASE_URL?.trim().replace(/\/+$/, '') ?? '';
        io.out(`${base}${String(data.path)}`);
        io.out(
          `(opens the site with this version in that browser only, until ${formatBeijingTime(String(data.expires))} Beijing time)`,
        );
        break;
      }
      case 'status':
        printStatus(io, answer.data as { environment: string; remotes: StatusRemote[] });
        break;
      case 'history':
        printHistory(io, answer.data as { remote: string; history: HistoryLine[] });
        break;
      case 'check-shell':
        io.out('the new shell fits every pinned and canary remote');
        break;
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      if (!command || /unknown command|takes /.test(error.message)) io.err(USAGE);
      return 2;
    }
    throw error;
  }
}

export function defaultIo(repoRoot: string, readFolder: CliIo['readFolder']): CliIo {
  return {
    env: process.env,
    fetch,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    readFolder,
    readText: (file) => readFileSync(file, 'utf8'),
    repoRoot,
  };
}
