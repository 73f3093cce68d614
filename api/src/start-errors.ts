import { UnsafeConfigError } from './config';

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
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
