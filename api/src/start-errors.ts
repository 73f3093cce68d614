import { UnsafeConfigError } from './config';
import { PendingMigrationsError } from './db/migration-state';
import { RestoreIncompleteError } from './db/restore-marker';

/** sysexits' EX_CONFIG: a process manager can tell "fix the configuration" from a crash. */
export const EXIT_UNSAFE_CONFIG = 78;

/**
 * How an entry point (api/src/main.ts, deploy/src/serve.ts) ends when it cannot start: an
 * unsafe configuration prints one line per problem, so an operator fixes them all in one
 * go, and exits 78; anything else prints its message and exits 1.
 */
export function exitOnStartError(error: unknown): never {
  if (error instanceof UnsafeConfigError) {
    for (const problem of error.problems) console.error(`Refusing to start: ${problem}`);
    process.exit(EXIT_UNSAFE_CONFIG);
  }
  // Not a crash: the operator must run the release's migration first; a restart loop would not help.
  // Not a crash either: serving a half-restored database would lose or mix records.
  if (error instanceof RestoreIncompleteError) {
    console.error(`Refusing to start: ${error.message}`);
    process.exit(EXIT_UNSAFE_CONFIG);
  }
  if (error instanceof PendingMigrationsError) {
    console.error(`Refusing to start: ${error.message}`);
    process.exit(EXIT_UNSAFE_CONFIG);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
