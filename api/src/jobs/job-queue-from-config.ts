import type { FastifyBaseLogger } from 'fastify';
import { createInProcessQueue } from './in-process-queue';
import { jobRunnerOf } from './job-config';
import type { JobQueue, JobRunnerName } from './job-queue';
import { createPgBossQueue } from './pg-boss-queue';

/** The queue the configuration names (config.ts has already refused a runner that cannot work). */
export function jobQueueFromConfig(
  config: { jobRunner?: JobRunnerName | undefined; databaseUrl: string | undefined },
  log: FastifyBaseLogger,
): JobQueue {
  const onError = (name: string, error: unknown) => log.error({ err: error, job: name }, 'background job failed');
  if (jobRunnerOf(config) === 'pg-boss') {
    if (!config.databaseUrl) throw new Error('pg-boss needs DATABASE_URL');
    return createPgBossQueue({ connectionString: config.databaseUrl, onError });
  }
  return createInProcessQueue({ onError });
}
