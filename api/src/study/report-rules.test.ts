import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TRIAL_LIMIT_SECONDS } from '@yaoshi/contracts/study-rules';
import { ADVANCE_TOLERANCE_SECONDS, LIVE_SESSION_SECONDS, claimedSecondsOf, isLiveSession, judgeReport, type ReportFacts } from './report-rules';

const honest: ReportFacts = {
  claimedSeconds: 20,
  durationSeconds: 30,
  trial: false,
  enrolled: true,
  completed: false,
  sessionPositionSeconds: 10,
  sinceLastAcceptedMs: 10_000,
  otherSessionLive: false,
};

describe('a progress report', () => {
  test('an honest report is accepted', () => {
    assert.equal(judgeReport(honest), 'accepted');
    assert.equal(judgeReport({ ...honest, claimedSeconds: 10 }), 'accepted'); // paused: no advance
    assert.equal(judgeReport({ ...honest, claimedSeconds: 30, sinceLastAcceptedMs: 16_000 }), 'accepted'); // the very end
  });

  test('more watched time than the video is long is refused', () => {
    assert.equal(judgeReport({ ...honest, claimedSeconds: 31, sinceLastAcceptedMs: 60_000 }), 'beyond_length');
  });

  test('advancing more than the wall clock plus the tolerance is refused', () => {
    assert.equal(judgeReport({ ...honest, claimedSeconds: 10 + 10 + ADVANCE_TOLERANCE_SECONDS }), 'accepted');
    assert.equal(judgeReport({ ...honest, claimedSeconds: 10 + 10 + ADVANCE_TOLERANCE_SECONDS + 1 }), 'too_fast');
    assert.equal(judgeReport({ ...honest, claimedSeconds: 29, sinceLastAcceptedMs: 1_000 }), 'too_fast');
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

describe('live sessions', () => {
  test('a playing session is live until LIVE_SESSION_SECONDS after its last accepted report', () => {
    assert.equal(isLiveSession(true, 0, LIVE_SESSION_SECONDS * 1000 - 1), true);
    assert.equal(isLiveSession(true, 0, LIVE_SESSION_SECONDS * 1000), false);
    assert.equal(isLiveSession(false, 0, 1), false);
  });
});
