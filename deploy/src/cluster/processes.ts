import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { nginxMainConfig, type NginxSiteOptions } from './nginx-config';

/**
 * The processes of a loopback cluster (npm run cluster, the nginx test): each is started,
 * awaited until it answers, and stopped by its own pid — never by name.
 */

export interface Running {
  readonly child: ChildProcess;
  /** Everything it printed (stdout and stderr), for a failure's explanation. */
  output(): string;
  /** Sends `signal` and waits for the exit (SIGKILL after `graceMs`). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export function startProcess(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; onLine?: (line: string) => void } = {},
): Running {
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let partial = '';
  const take = (chunk: string) => {
    text = (text + chunk).slice(-200_000);
    if (!options.onLine) return;
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) options.onLine(line);
  };
  child.stdout?.setEncoding('utf8').on('data', take);
  child.stderr?.setEncoding('utf8').on('data', take);
  const exited = once(child, 'exit');
  return {
    child,
    output: () => text,
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers `status` (default 200), or fails after `timeoutMs` naming the process's output. */
export async function waitForHttp(url: string, running: Running | undefined, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (running && running.child.exitCode !== null) {
      throw new Error(`${url}: the process exited (${running.child.exitCode}):\n${running.output().slice(-3000)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer 200 in time:\n${running?.output().slice(-3000) ?? ''}`);
    await delay(250);
  }
}

/** Whether something listens on host:port. */
export function isListening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export const NGINX_BINARY = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export function nginxAvailable(): boolean {
  return fs.existsSync(NGINX_BINARY);
}

export interface RunningNginx extends Running {
  runDir: string;
  /** The access log so far: `client "request" status upstream` per line. */
  accessLog(): string;
}

/** nginx in the foreground with `site`, its pid, logs and temp files under `runDir`; resolves once it listens. */
export async function startNginx(
  site: NginxSiteOptions,
  runDir: string,
  host: string,
  port: number,
): Promise<RunningNginx> {
  fs.mkdirSync(runDir, { recursive: true });
  const configFile = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(configFile, nginxMainConfig(site, { runDir }));
  const check = spawnSync(NGINX_BINARY, ['-t', '-p', runDir, '-c', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  const running = startProcess(NGINX_BINARY, ['-p', runDir, '-c', configFile]);
  const deadline = Date.now() + 10_000;
  while (!(await isListening(host, port))) {
    if (running.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`nginx did not start:\n${running.output()}\n${readIfExists(path.join(runDir, 'error.log'))}`);
    }
    await delay(50);
  }
  return {
    ...running,
    runDir,
    accessLog: () => readIfExists(path.join(runDir, 'access.log')),
    // nginx stops fast on SIGQUIT (graceful) or SIGTERM; the default here is a quick stop.
    stop: (signal = 'SIGTERM', graceMs = 5_000) => running.stop(signal, graceMs),
  };
}

function readIfExists(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
