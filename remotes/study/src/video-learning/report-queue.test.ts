import {
  MAX_QUEUED_REPORTS,
  ReportQueue,
  furthestPlayedFrom,
  isRetryableFailure,
  type QueuedReport,
} from './report-queue';

const offline = { kind: 'transport', message: 'Network Error', timedOut: false };

/** RTK Query's unwrap() rejects with the failure object itself, not an Error: so does the fake. */
function fail(failure: unknown): never {
  throw failure;
}
const refusal = { kind: 'server', code: 409, message: '学习进度异常' };

function queueWith(send: (report: QueuedReport) => Promise<number>) {
  const answered: number[] = [];
  const refused: number[] = [];
  let unanswered = 0;
  const queue = new ReportQueue<number>(send, {
    answered: (answer) => {
      answered.push(answer);
      return true;
    },
    refused: (_error, report) => {
      refused.push(report.position);
      return true;
    },
    unanswered: () => {
      unanswered += 1;
    },
  });
  return { queue, answered, refused, unanswered: () => unanswered };
}

describe('the progress report queue', () => {
  test('a report that gets no answer stays first in line and is sent again before later ones, in order', async () => {
    let online = false;
    const sent: number[] = [];
    const { queue, answered, unanswered } = queueWith(async (report) => {
      if (!online) fail(offline);
      sent.push(report.position);
      return report.position;
    });
    for (const position of [10, 20, 30]) {
      queue.enqueue({ position, state: 1 });
      await queue.drain();
    }
    expect(unanswered()).toBe(3);
    expect(queue.size).toBe(3);
    online = true;
    queue.enqueue({ position: 40, state: 2 });
    await queue.drain();
    expect(sent).toEqual([10, 20, 30, 40]);
    expect(answered).toEqual([10, 20, 30, 40]);
    expect(queue.size).toBe(0);
  });

  test("a server's refusal is a verdict: dropped, never retried", async () => {
    const { queue, refused, answered } = queueWith(async (report) => {
      if (report.position === 20) fail(refusal);
      return report.position;
    });
    queue.enqueue({ position: 20, state: 1 });
    queue.enqueue({ position: 30, state: 1 });
    await queue.drain();
    expect(refused).toEqual([20]);
    expect(answered).toEqual([30]);
    expect(isRetryableFailure(refusal)).toBe(false);
    expect(isRetryableFailure(offline)).toBe(true);
    expect(isRetryableFailure({ kind: 'server', code: 503, message: '服务正在重启，请稍后重试' })).toBe(true);
    expect(isRetryableFailure({ kind: 'server', code: 409, message: '学习记录提交过于频繁，请稍后再试' })).toBe(true);
  });

  test('a full queue drops its oldest periodic report, never the end of the video', async () => {
    const { queue } = queueWith(async () => {
      fail(offline);
    });
    queue.enqueue({ position: 0, state: 2 });
    for (let i = 1; i <= MAX_QUEUED_REPORTS; i += 1) queue.enqueue({ position: i, state: 1 });
    expect(queue.size).toBe(MAX_QUEUED_REPORTS);
    expect(queue.lastQueuedPosition).toBe(MAX_QUEUED_REPORTS);
  });
});

describe('the furthest point played', () => {
  test('follows what the video played, however rarely the page looked', () => {
    expect(furthestPlayedFrom([[36, 80]], 36)).toBe(80);
    expect(
      furthestPlayedFrom(
        [
          [50, 60],
          [36, 50.4],
        ],
        36,
      ),
    ).toBe(60);
  });
  test('a range after a gap (a seek ahead) does not count', () => {
    expect(
      furthestPlayedFrom(
        [
          [36, 40],
          [70, 80],
        ],
        36,
      ),
    ).toBe(40);
  });
});
