import type { JobRunnerName } from './job-queue';

/**
 * `JOB_RUNNER` (issue 21; read with the rest of `Config`, src/config.ts): which queue runs
 * background jobs. The runner in effect: the one named, else pg-boss on a PostgreSQL server
 * (`DATABASE_URL`) and in-process on embedded PGlite.
 */
export function jobRunnerOf(config: {
  jobRunner?: JobRunnerName | undefined;
  databaseUrl: string | undefined;
}): JobRunnerName {
  return config.jobRunner ?? (config.databaseUrl ? 'pg-boss' : 'in-process');
}

/** What is wrong with the runner for this database (anywhere) and, in production, for several servers. */
export function jobRunnerProblems(
  runner: JobRunnerName,
  databaseUrl: string | undefined,
  production: boolean,
): string[] {
  if (runner === 'pg-boss' && !databaseUrl) {
    return [
      'JOB_RUNNER=pg-boss needs a PostgreSQL server (DATABASE_URL); embedded PGlite runs jobs in-process (leave JOB_RUNNER unset).',
    ];
  }
  if (runner === 'in-process' && databaseUrl && production) {
    return [
      'JOB_RUNNER=in-process on a PostgreSQL server: every API server would run each timed job itself, and jobs would be lost at a restart. Leave JOB_RUNNER unset (pg-boss) in production.',
    ];
  }
  return [];
}
