import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BuildRefusal,
  guardShell,
  openRegistryView,
  placeVersion,
  planVersion,
  readShellManifest,
  type Placement,
} from './build-guard';
import { siteDir, repoRoot } from './paths';
import { pinFor, writePins, type Pins } from './pins';
import { REMOTES, remoteDir, remoteVersion } from './remotes';

/**
 * `npm run build`: builds the shell and every remote of `remotes/` for production and assembles the
 * site folder. Before the site changes, the release registry (build-guard.ts) is asked:
 * a new shell that would break a pinned or canary remote is refused (the site keeps its
 * shell), and a registered version's folder is never overwritten. Remote versions already
 * in the site folder stay there; remotes.json names the versions just built, which the
 * server takes in only to seed an empty registry on its first start.
 */

function run(label: string, workspace: string): void {
  const started = Date.now();
  process.stdout.write(`building ${label}… `);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    process.stdout.write('failed\n');
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`build of ${label} failed`);
  }
  process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

function assembleShell(): void {
  const shellDist = join(repoRoot, 'shell', 'dist');
  // Clear the previous shell files but keep `remotes/`, which holds every version ever built.
  for (const entry of existsSync(siteDir) ? readdirSync(siteDir) : []) {
    if (entry !== 'remotes') rmSync(join(siteDir, entry), { recursive: true, force: true });
  }
  cpSync(shellDist, siteDir, { recursive: true });
}

export async function buildSite(): Promise<Pins> {
  mkdirSync(siteDir, { recursive: true });
  run('shell', 'shell');
  const built = REMOTES.map((remote) => {
    const version = remoteVersion(remote.name);
    run(`${remote.name} ${version}`, `remotes/${remote.name}`);
    return { name: remote.name, version, dir: join(remoteDir(remote.name), 'dist', version) };
  });

  // Every check before the site folder changes: a refusal leaves it as it was.
  const registry = await openRegistryView(process.env);
  let plans: Placement[];
  try {
    await guardShell(registry, readShellManifest(join(repoRoot, 'shell', 'dist')));
    const registered = registry ? await registry.registeredVersions() : new Set<string>();
    plans = built.map((remote) => planVersion(siteDir, remote.name, remote.version, remote.dir, registered));
  } finally {
    await registry?.close();
  }

  assembleShell();
  const pins = {} as Pins;
  built.forEach((remote, index) => {
    placeVersion(siteDir, remote.name, remote.version, remote.dir, plans[index] ?? 'unchanged');
    pins[remote.name] = pinFor(siteDir, remote.name, remote.version);
  });
  writePins(siteDir, pins);
  return pins;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildSite().then(
    (pins) => {
      console.log(`site assembled in ${siteDir}`);
      for (const [name, pin] of Object.entries(pins)) console.log(`  built ${name} ${pin.version}`);
    },
    (error: unknown) => {
      if (!(error instanceof BuildRefusal)) throw error;
      console.error(`npm run build refused: ${error.message}`);
      process.exitCode = 1;
    },
  );
}
