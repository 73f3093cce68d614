import { REPORT_INTERVAL_MS, createLoadReporter } from './release-telemetry';

function reporterWithClock() {
  const sent: { body: unknown; beacon: boolean }[] = [];
  const timers: (() => void)[] = [];
  const reporter = createLoadReporter({
    send: (body, beacon) => sent.push({ body: JSON.parse(body) as unknown, beacon }),
    schedule: (run, ms) => {
      expect(ms).toBe(REPORT_INTERVAL_MS);
      timers.push(run);
    },
  });
  return { reporter, sent, tick: () => timers.splice(0).forEach((run) => run()) };
}

test('loads are counted and sent once per interval, as remote, version, kind and count only', () => {
  const { reporter, sent, tick } = reporterWithClock();
  reporter.count('study', '0.2.0', 'load');
  reporter.count('study', '0.2.0', 'load');
  reporter.count('orders', '0.1.0', 'load');
  expect(sent).toEqual([]);
  tick();
  expect(sent).toEqual([
    {
      body: {
        reports: [
          { remote: 'study', version: '0.2.0', kind: 'load', count: 2 },
          { remote: 'orders', version: '0.1.0', kind: 'load', count: 1 },
        ],
      },
      beacon: false,
    },
  ]);
});

test('a failure goes out at once; more within the interval wait for it; leaving the page sends a beacon', () => {
  const { reporter, sent, tick } = reporterWithClock();
  reporter.count('study', '0.3.0', 'load-error');
  expect(sent).toHaveLength(1);
  reporter.count('study', '0.3.0', 'render-error');
  reporter.count('study', '0.3.0', 'render-error');
  expect(sent).toHaveLength(1);
  reporter.flush(true);
  expect(sent[1]).toEqual({
    body: { reports: [{ remote: 'study', version: '0.3.0', kind: 'render-error', count: 2 }] },
    beacon: true,
  });
  tick();
  expect(sent).toHaveLength(2);
});
