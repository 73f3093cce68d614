import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Polls `url` until it answers 2xx, for a spec that starts a server of its own; throws after `ms`. */
export async function waitUntilUp(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not come up`);
}

/** A site server of a spec's own (deploy/src/serve.ts on the built site), with its own data folder. */
export interface OwnSite {
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts the built site on `port` in development mode with a throw-away data folder, plus
 * `env(file)`, where `file(name, text)` writes a credential file into that folder and answers
 * its path (the gateways read their keys from files). Resolves once the site answers.
 */
export async function startOwnSite(
  name: string,
  port: number,
  env: (file: (fileName: string, text: string) => string) => Record<string, string>,
): Promise<OwnSite> {
  const workDir = mkdtempSync(path.join(tmpdir(), `yaoshi-e2e-${name}-`));
  const file = (fileName: string, text: string) => {
    const target = path.join(workDir, fileName);
    writeFileSync(target, text);
    return target;
  };
  const server = spawn(process.execPath, ['--import', 'tsx', '../deploy/src/serve.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(workDir, 'data'),
      SITE_DIR: '.data/www',
      NODE_ENV: 'development',
      ...env(file),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`http://localhost:${port}/`, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
