import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { siteDir } from './paths';
import { pinFor, readPinnedVersions, writePins, type Pins } from './pins';

/**
 * `npm run pin -- list` shows every remote's versions in the site folder and the one
 * remotes.json names; `npm run pin -- <remote> <version>` rewrites remotes.json. This is
 * the offline step for a site whose server is not running: the server takes remotes.json
 * in at its next start. A running server's pins are moved with `npm run release` (over
 * HTTP, recorded in the release history), never by editing files.
 */
const [command, version] = process.argv.slice(2);

function remotesOnDisk(): string[] {
  const folder = join(siteDir, 'remotes');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

if (!command || command === 'list') {
  const pinned = readPinnedVersions(siteDir);
  for (const name of remotesOnDisk()) {
    const versions = readdirSync(join(siteDir, 'remotes', name)).sort();
    console.log(`${name}: ${versions.map((v) => (v === pinned[name] ? `[${v}]` : v)).join(' ') || '(none built)'}`);
  }
} else if (remotesOnDisk().includes(command) && version) {
  const pinned = readPinnedVersions(siteDir);
  const pins: Pins = Object.fromEntries(Object.entries(pinned).map(([name, v]) => [name, pinFor(siteDir, name, v)]));
  writePins(siteDir, { ...pins, [command]: pinFor(siteDir, command, version) });
  console.log(
    `${command}: ${pinned[command] ?? '(none)'} → ${version} (remotes.json; a running server takes it in at its next start)`,
  );
} else {
  console.error(`usage: npm run pin -- list | npm run pin -- <${remotesOnDisk().join('|')}> <version>`);
  process.exitCode = 2;
}
