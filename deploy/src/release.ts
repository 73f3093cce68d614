import { readFolder } from '@yaoshi/api-server/releases/release-storage';
import { repoRoot } from './paths';
import { defaultIo, runRelease } from './release-cli';

/** `npm run release -- <command>`: see release-cli.ts and docs/releases.md. */
runRelease(process.argv.slice(2), defaultIo(repoRoot, readFolder))
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(`release failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
