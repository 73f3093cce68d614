import { MAX_REQUESTS_PER_PAGE, REPORT_INTERVAL_MS, createLoadReporter } from './release-telemetry';

function reporterWithClock() {
  const sent: unknown[] = [];
  const timers: (() => void)[] = [];
  const reporter = createLoadReporter({
    send: (body) => sent.push(JSON.parse(body) as unknown),
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
      reports: [
        { remote: 'study', version: '0.2.0', kind: 'load', count: 2 },
        { remote: 'orders', version: '0.1.0', kind: 'load', count: 1 },
      ],
    },
  ]);
  tick();
  expect(sent).toHaveLength(1);
});

test('a failure goes out at once; more within the interval wait for its end; leaving the page sends what is pending', () => {
  const { reporter, sent, tick } = reporterWithClock();
  reporter.count('study', '0.3.0', 'load-error');
  expect(sent).toEqual([{ reports: [{ remote: 'study', version: '0.3.0', kind: 'load-error', count: 1 }] }]);
  reporter.count('study', '0.3.0', 'render-error');
  reporter.count('study', '0.3.0', 'render-error');
  expect(sent).toHaveLength(1);
  tick();
  expect(sent[1]).toEqual({ reports: [{ remote: 'study', version: '0.3.0', kind: 'render-error', count: 2 }] });
  reporter.count('study', '0.3.0', 'load-error');
  expect(sent).toHaveLength(2);
  reporter.flush();
  expect(sent[2]).toEqual({ reports: [{ remote: 'study', version: '0.3.0', kind: 'load-error', count: 1 }] });
  tick();
  expect(sent).toHaveLength(3);
});

test('a page that keeps failing sends at most one request per interval and stops after the page limit', () => {
  const { reporter, sent, tick } = reporterWithClock();
  for (let i = 0; i < MAX_REQUESTS_PER_PAGE + 20; i += 1) {
    for (let j = 0; j < 5; j += 1) reporter.count('study', '0.3.0', 'render-error');
    tick();
  }
  expect(sent).toHaveLength(MAX_REQUESTS_PER_PAGE);
});
