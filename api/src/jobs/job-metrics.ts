import { Gauge, type Registry } from 'prom-client';
import type { JobQueue } from './job-queue';

/** `yaoshi_jobs{queue, state}` at /metrics: jobs waiting, running and given up, per queue, read at each scrape. */
export function registerQueueMetrics(registry: Registry, queue: JobQueue): void {
  new Gauge({
    name: 'yaoshi_jobs',
    help: 'Background jobs by queue and state (waiting includes waiting for a retry; failed: gave up after the last retry).',
    labelNames: ['queue', 'state', 'runner'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await queue.counts().catch(() => []);
      for (const count of counts) {
        for (const state of ['waiting', 'active', 'failed'] as const) {
          this.set({ queue: count.name, state, runner: queue.runner }, count[state]);
        }
      }
    },
  });
}
