import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { siteDir } from './paths';
import { pinFor, readPins, writePins } from './pins';
import { REMOTES, isRemoteName } from './remotes';

/**
 * Release tooling: `npm run pin -- list` shows every remote's versions on disk and the live
 * one; `npm run pin -- <remote> <version>` moves the pin (forward or back). The running
 * server needs no restart and the shell no rebuild: the next page load uses the new pin.
 */
const [command, version] = process.argv.slice(2);

if (!command || command === 'list') {
  const pins = readPins(siteDir);
  for (const remote of REMOTES) {
    const folder = join(siteDir, 'remotes', remote.name);
    const versions = existsSync(folder) ? readdirSync(folder).sort() : [];
    const live = pins[remote.name]?.version;
    console.log(`${remote.name}: ${versions.map((v) => (v === live ? `[${v}]` : v)).join(' ') || '(none built)'}`);
  }
} else if (isRemoteName(command) && version) {
  const pins = readPins(siteDir);
  const previous = pins[command]?.version ?? '(none)';
  writePins(siteDir, { ...pins, [command]: pinFor(command, version) });
  console.log(`${command}: ${previous} → ${version}`);
} else {
  console.error(`usage: npm run pin -- list | npm run pin -- <${REMOTES.map((r) => r.name).join('|')}> <version>`);
  process.exitCode = 2;
}
