import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseURL } from './environment';

/**
 * Release tests: the e2e server accepts this release-manager token (playwright.config.ts
 * sets RELEASE_TOKENS), and `npm run release` talks to it over HTTP like a CI job would.
 */
export const RELEASE_MANAGER = 'e2e-release';
export const RELEASE_TOKEN = 'e2e-release-token-0123456789';
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** `npm run release -- <args>` against the e2e server (the same script, without npm's own start-up). */
export function release(...args: string[]): Promise<CommandResult> {
  return run(process.execPath, ['--import', 'tsx', 'deploy/src/release.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, RELEASE_URL: baseURL, RELEASE_TOKEN: RELEASE_TOKEN },
  });
}

/** Runs `npm run release -- <args>` and fails the test with its own words when it is refused. */
export async function releaseOk(...args: string[]): Promise<string> {
  const result = await release(...args);
  if (result.status !== 0)
    throw new Error(`release ${args.join(' ')} exited ${result.status}: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** Reads the registry directly (status, history) with the same token, for polling. */
export async function releaseApi<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${RELEASE_TOKEN}` } });
  const body = (await response.json()) as { code: number; message: string; data: T };
  if (body.code !== 200) throw new Error(`${path} answered ${body.code} ${body.message}`);
  return body.data;
}

export interface SourceCopy {
  /** Rewrites a file of the copy (path relative to the remote's folder). */
  change(path: string, edit: (text: string) => string): void;
  /** Writes a new file into the copy. */
  write(path: string, text: string): void;
}

export interface RemoteVariant {
  /** The remote whose sources are copied (a folder of remotes/). */
  from: string;
  version: string;
  /** Changes to the copied sources. */
  edit?: (copy: SourceCopy) => void;
}

/**
 * Builds another version of a remote the way its team would, without touching the working
 * tree: the remote's folder is copied into a temporary folder (its node_modules pointing at
 * the repository's, its config at the repository's rspack.config.base.ts), the copy's
 * package.json gets the new version and `edit` changes its sources, then `rspack build`
 * runs there. Returns the built folder (`<copy>/dist/<version>`, what `publish --dir` takes)
 * and a function removing the copy. About 3 s.
 */
export async function buildRemoteVariant(variant: RemoteVariant): Promise<{ dir: string; remove: () => void }> {
  const work = mkdtempSync(join(tmpdir(), 'yaoshi-release-'));
  const remove = () => rmSync(work, { recursive: true, force: true });
  const copy = join(work, variant.from);
  cpSync(join(repoRoot, 'remotes', variant.from), copy, {
    recursive: true,
    filter: (source) => !/[\\/](dist|node_modules)$/.test(source),
  });
  symlinkSync(join(repoRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const sources: SourceCopy = {
    change(path, edit) {
      const before = readFileSync(join(copy, path), 'utf8');
      const after = edit(before);
      if (after === before) throw new Error(`the edit of ${path} changed nothing (has the source moved on?)`);
      writeFileSync(join(copy, path), after);
    },
    write: (path, text) => writeFileSync(join(copy, path), text),
  };
  // The config's imports of the repository's build files (rspack.config.base, rspack/server-bundle)
  // point at the repository from the copy.
  sources.change('rspack.config.ts', (text) =>
    text.replace(/'\.\.\/\.\.\/([^']+)'/g, (_whole, file: string) => JSON.stringify(join(repoRoot, `${file}.ts`))),
  );
  sources.change('package.json', (text) =>
    JSON.stringify({ ...(JSON.parse(text) as object), version: variant.version }, null, 2),
  );
  variant.edit?.(sources);
  const built = await run(join(repoRoot, 'node_modules', '.bin', 'rspack'), ['build'], {
    cwd: copy,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) {
    remove();
    throw new Error(`building ${variant.from} ${variant.version} failed:\n${built.stdout}\n${built.stderr}`);
  }
  return { dir: join(copy, 'dist', variant.version), remove };
}
