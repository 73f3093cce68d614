import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TRIAL_LIMIT_SECONDS } from '@yaoshi/contracts/study-rules';
import {
  ADVANCE_TOLERANCE_SECONDS,
  LIVE_SESSION_SECONDS,
  claimedSecondsOf,
  creditedUntilAfter,
  isLiveSession,
  judgeReport,
  type ReportFacts,
} from './report-rules';

const honest: ReportFacts = {
  claimedSeconds: 20,
  durationSeconds: 30,
  trial: false,
  enrolled: true,
  completed: false,
  sessionPositionSeconds: 10,
  sinceCreditedMs: 10_000,
  otherSessionLive: false,
};

describe('a progress report', () => {
  test('an honest report is accepted', () => {
    assert.equal(judgeReport(honest), 'accepted');
    assert.equal(judgeReport({ ...honest, claimedSeconds: 10 }), 'accepted'); // paused: no advance
    assert.equal(judgeReport({ ...honest, claimedSeconds: 30, sinceCreditedMs: 16_000 }), 'accepted'); // the very end
  });

  test('more watched time than the video is long is refused', () => {
    assert.equal(judgeReport({ ...honest, claimedSeconds: 31, sinceCreditedMs: 60_000 }), 'beyond_length');
  });

  test('advancing more than the wall clock plus the tolerance is refused', () => {
    assert.equal(judgeReport({ ...honest, claimedSeconds: 10 + 10 + ADVANCE_TOLERANCE_SECONDS }), 'accepted');
    assert.equal(judgeReport({ ...honest, claimedSeconds: 10 + 10 + ADVANCE_TOLERANCE_SECONDS + 1 }), 'too_fast');
    assert.equal(judgeReport({ ...honest, claimedSeconds: 29, sinceCreditedMs: 1_000 }), 'too_fast');
  });

  test('going backwards is refused', () => {
    assert.equal(judgeReport({ ...honest, claimedSeconds: 9 }), 'backwards');
  });

  test('a course the learner is not enrolled in is refused, except a trial up to the limit', () => {
    assert.equal(judgeReport({ ...honest, enrolled: false }), 'not_enrolled');
    const trial = { ...honest, trial: true, enrolled: false, durationSeconds: 600, sessionPositionSeconds: 355 };
    assert.equal(judgeReport({ ...trial, claimedSeconds: TRIAL_LIMIT_SECONDS }), 'accepted');
    assert.equal(judgeReport({ ...trial, claimedSeconds: TRIAL_LIMIT_SECONDS + 1 }), 'trial_limit');
  });

  test('a second simultaneous playback session is refused, whatever it claims', () => {
    assert.equal(judgeReport({ ...honest, otherSessionLive: true }), 'second_session');
  });

  test('a finished course records nothing more', () => {
    assert.equal(judgeReport({ ...honest, completed: true }), 'already_completed');
  });

  test('positions are rounded to whole seconds', () => {
    assert.equal(claimedSecondsOf(12.97), 13);
    assert.equal(claimedSecondsOf(12.4), 12);
    assert.equal(claimedSecondsOf(0), 0);
  });
});

/** Judges `claims` (positions) in order at wall times `at` (ms since opening at position 0). */
function judgeInOrder(claims: readonly { position: number; atMs: number }[]): string[] {
  let position = 0;
  let creditedMs = 0;
  return claims.map(({ position: claimed, atMs }) => {
    const outcome = judgeReport({
      ...honest,
      durationSeconds: 600,
      claimedSeconds: claimed,
      sessionPositionSeconds: position,
      sinceCreditedMs: atMs - creditedMs,
    });
    if (outcome === 'accepted') {
      creditedMs = creditedUntilAfter(creditedMs, claimed - position);
      position = claimed;
    }
    return outcome;
  });
}

describe('reports judged in order against credited wall time (issue 16 item 18)', () => {
  test('reports queued while offline and sent together 40 s later are each accepted', () => {
    assert.deepEqual(judgeInOrder([10, 20, 30, 40].map((position) => ({ position, atMs: 40_000 }))), [
      'accepted',
      'accepted',
      'accepted',
      'accepted',
    ]);
  });

  test('a timer throttled to once a minute (a background tab) reports 60 s of honest play at once', () => {
    assert.deepEqual(
      judgeInOrder([
        { position: 60, atMs: 60_000 },
        { position: 120, atMs: 120_000 },
      ]),
      ['accepted', 'accepted'],
    );
  });

  test('the tolerance is spent once per session, not once per report: no faster-than-real-time play', () => {
    // Each claim is 6 s ahead of the previous one, one second later: 6× real time.
    assert.deepEqual(judgeInOrder([1, 2, 3].map((second) => ({ position: second * 6, atMs: second * 1000 }))), [
      'accepted',
      'too_fast',
      'too_fast',
    ]);
    // A late burst cannot claim more than the wall time since the session opened.
    assert.deepEqual(
      judgeInOrder([
        { position: 40, atMs: 40_000 },
        { position: 40 + ADVANCE_TOLERANCE_SECONDS + 1, atMs: 40_000 },
      ]),
      ['accepted', 'too_fast'],
    );
  });

  test('the credited instant moves by the advance only', () => {
    assert.equal(creditedUntilAfter(1_000, 10), 11_000);
    assert.equal(creditedUntilAfter(1_000, 0), 1_000);
  });
});

describe('live sessions', () => {
  test('a playing session is live until LIVE_SESSION_SECONDS after its last accepted report', () => {
    assert.equal(isLiveSession(true, 0, LIVE_SESSION_SECONDS * 1000 - 1), true);
    assert.equal(isLiveSession(true, 0, LIVE_SESSION_SECONDS * 1000), false);
    assert.equal(isLiveSession(false, 0, 1), false);
  });
});
