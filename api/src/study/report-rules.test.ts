import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TRIAL_LIMIT_SECONDS } from '@yaoshi/contracts/study-rules';
import {
  ADVANCE_TOLERANCE_SECONDS,
  LIVE_SESSION_SECONDS,
  blockedByOtherSession,
  claimedSecondsOf,
  creditedFrom,
  creditedUntilAfter,
  endsOtherSessions,
  isLiveSession,
  judgeReport,
  judgeTakeover,
  silentAfterSeconds,
  takeoverPosition,
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
  otherSessions: 'none',
  startsPlaying: false,
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
    assert.equal(judgeReport({ ...honest, otherSessions: 'reporting' }), 'second_session');
    // Even when it is only starting: the other place is really playing.
    assert.equal(judgeReport({ ...honest, otherSessions: 'reporting', startsPlaying: true }), 'second_session');
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

describe('one study session at a time, without punishing a reload, a reopen or a killed tab', () => {
  test('a session still reporting blocks every other; silent ones block only a session already playing', () => {
    assert.equal(blockedByOtherSession('none', false), false);
    assert.equal(blockedByOtherSession('none', true), false);
    assert.equal(blockedByOtherSession('reporting', false), true);
    assert.equal(blockedByOtherSession('reporting', true), true);
    // A killed tab's session, a paused page's: a new play start takes it over.
    assert.equal(blockedByOtherSession('silent', true), false);
    assert.equal(blockedByOtherSession('silent', false), true);
    assert.equal(judgeReport({ ...honest, otherSessions: 'silent', startsPlaying: true }), 'accepted');
    assert.equal(judgeReport({ ...honest, otherSessions: 'silent' }), 'second_session');
  });

  test('a session is silent after its report interval and two seconds more', () => {
    assert.equal(silentAfterSeconds('professional'), 12);
    assert.equal(silentAfterSeconds('public'), 62);
    // Still longer-lived than any interval: a session silent this long is still live.
    assert.ok(silentAfterSeconds('public') < LIVE_SESSION_SECONDS);
  });

  test('an accepted report that starts a session ends the others; a refused one or a playing one does not', () => {
    assert.equal(endsOtherSessions({ startsPlaying: true }, 'accepted'), true);
    assert.equal(endsOtherSessions({ startsPlaying: true }, 'second_session'), false);
    assert.equal(endsOtherSessions({ startsPlaying: false }, 'accepted'), false);
  });

  test('a session starting its play is credited only from the latest instant another was credited to', () => {
    // Its own instant is earlier: another session played meanwhile, and that time is not credited twice.
    assert.equal(creditedFrom(1_000, 61_000, true), 61_000);
    assert.equal(creditedFrom(70_000, 61_000, true), 70_000);
    assert.equal(creditedFrom(1_000, null, true), 1_000);
    // A session already playing keeps its own (reports queued while offline still fit).
    assert.equal(creditedFrom(1_000, 61_000, false), 1_000);
    // So a page that waited, refused, while another played cannot claim that minute after taking over.
    const waited = {
      ...honest,
      durationSeconds: 90,
      claimedSeconds: 70,
      sessionPositionSeconds: 10,
      startsPlaying: true,
    };
    assert.equal(judgeReport({ ...waited, sinceCreditedMs: 70_000 - creditedFrom(0, 61_000, true) }), 'too_fast');
  });

  test('a takeover continues from the verified point; a left or finished course refuses it', () => {
    assert.equal(judgeTakeover({ trial: false, enrolled: true, completed: false }), 'takeover');
    assert.equal(judgeTakeover({ trial: true, enrolled: false, completed: false }), 'takeover');
    assert.equal(judgeTakeover({ trial: false, enrolled: false, completed: false }), 'not_enrolled');
    assert.equal(judgeTakeover({ trial: false, enrolled: true, completed: true }), 'already_completed');
    assert.equal(takeoverPosition(false, 30, 48), 48);
    assert.equal(takeoverPosition(false, 30, null), 30);
    assert.equal(takeoverPosition(true, 30, null), 30);
  });
});
