import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Registry } from 'prom-client';
import { createInProcessQueue } from './in-process-queue';
import { registerQueueMetrics } from './job-metrics';

test('/metrics shows each queue’s jobs by state, read at scrape time', async () => {
  const registry = new Registry();
  const queue = createInProcessQueue();
  registerQueueMetrics(registry, queue);
  await queue.enqueue('report-export', { year: 2026 });
  await queue.enqueue('report-export', { year: 2025 });
  const text = await registry.metrics();
  assert.match(text, /^yaoshi_jobs\{queue="report-export",state="waiting",runner="in-process"\} 2$/m);
  assert.match(text, /^yaoshi_jobs\{queue="report-export",state="failed",runner="in-process"\} 0$/m);
});
