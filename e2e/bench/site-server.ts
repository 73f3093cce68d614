import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repoRoot = join(import.meta.dirname, '..', '..');

async function waitForServer(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} did not start`);
}

/**
 * The built site (run `npm run build` first) served by the production server on `port`,
 * with a fresh demo database; the benchmarks run against it and stop it when done.
 */
export async function withSiteServer<T>(
  port: number,
  run: (origin: string, serverPid: number | undefined) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yaoshi-bench-'));
  const server = spawn('node', ['--import', 'tsx', 'deploy/src/serve.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const origin = `http://localhost:${port}`;
    // A fresh database is created and seeded first: slow on a busy machine.
    await waitForServer(`${origin}/`, Date.now() + 180_000);
    return await run(origin, server.pid);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
