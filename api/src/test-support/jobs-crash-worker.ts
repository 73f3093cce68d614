import { createPgBossQueue } from '../jobs/pg-boss-queue';

/**
 * A queue worker that takes one job of `argv[3]` from the database at `argv[2]`, says so on
 * stdout, and never finishes it: the test kills this process mid-job (jobs/pg-boss-queue.test.ts).
 */
const [connectionString, name] = process.argv.slice(2);
if (!connectionString || !name) throw new Error('usage: jobs-crash-worker <database url> <queue name>');
const queue = createPgBossQueue({ connectionString, pollingIntervalSeconds: 0.5 });
await queue.start();
await queue.work(name, async (_payload, job) => {
  process.stdout.write(`started ${job.id} attempt ${job.attempt}\n`);
  await new Promise(() => undefined);
});
process.stdout.write('ready\n');
