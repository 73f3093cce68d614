import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { siteDir, repoRoot } from './paths';
import { pinFor, versionDir, writePins, type Pins } from './pins';
import { REMOTES, remoteDir, remoteVersion } from './remotes';

/**
 * `npm run build`: builds the shell and every remote of `remotes/` for production and assembles the
 * site folder. Remote versions already in the site folder from earlier builds stay there,
 * so a pin can be moved back to them; the versions just built are pinned.
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

export function buildSite(): Pins {
  mkdirSync(siteDir, { recursive: true });
  run('shell', 'shell');
  assembleShell();
  const pins = {} as Pins;
  for (const remote of REMOTES) {
    const version = remoteVersion(remote.name);
    run(`${remote.name} ${version}`, `remotes/${remote.name}`);
    const target = versionDir(siteDir, remote.name, version);
    rmSync(target, { recursive: true, force: true });
    cpSync(join(remoteDir(remote.name), 'dist', version), target, { recursive: true });
    pins[remote.name] = pinFor(siteDir, remote.name, version);
  }
  writePins(siteDir, pins);
  return pins;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pins = buildSite();
  console.log(`site assembled in ${siteDir}`);
  for (const [name, pin] of Object.entries(pins)) console.log(`  pinned ${name} → ${pin.version}`);
}
