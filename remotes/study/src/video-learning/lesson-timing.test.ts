import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { PUBLIC_QUIZ_PERCENTS, REPORT_STATE, TRIAL_LIMIT_SECONDS } from '@yaoshi/contracts/study-rules';
import {
  initialTiming,
  lessonTiming,
  offersRating,
  seekLimitOf,
  type LessonEvent,
  type LessonFacts,
  type LessonTiming,
} from './lesson-timing';

const professional: LessonFacts = {
  kind: 'professional',
  duration: 600,
  photo: [10, 50],
  quizPoints: PUBLIC_QUIZ_PERCENTS,
  review: false,
  trial: false,
  recording: true,
  rated: false,
  learnTime: 0,
  progress: 0,
};
const publicLesson: LessonFacts = { ...professional, kind: 'public', photo: [] };

/** Runs events from a start, returning the last state and every command, in order. */
function run(start: LessonTiming, ...events: LessonEvent[]) {
  let state = start;
  const commands = [];
  for (const event of events) {
    const step = lessonTiming(state, event);
    state = step.state;
    commands.push(...step.commands);
  }
  return { state, commands };
}

const elsewhere = { code: 409, message: M.reportSecondSession };

describe('progress reports (spec 02 §7)', () => {
  test('pressing play reports at once from the verified point, even before it', () => {
    const start = initialTiming({ ...professional, learnTime: 120 });
    expect(run(start, { type: 'play', at: 30, queuedUntil: null }).commands).toEqual([
      { type: 'report', report: { position: 120, state: REPORT_STATE.playing } },
    ]);
  });

  test('a report interval reports while playing, never while paused', () => {
    const start = initialTiming(professional);
    expect(run(start, { type: 'report-due', at: 10, paused: false, queuedUntil: 0 }).commands).toEqual([
      { type: 'report', report: { position: 10, state: REPORT_STATE.playing } },
    ]);
    expect(run(start, { type: 'report-due', at: 10, paused: true, queuedUntil: 0 }).commands).toEqual([]);
  });

  test('re-watching before the verified or queued point adds nothing: what waits is sent, no new report', () => {
    const start = initialTiming({ ...professional, learnTime: 200 });
    expect(run(start, { type: 'report-due', at: 50, paused: false, queuedUntil: null }).commands).toEqual([
      { type: 'drain' },
    ]);
    const queued = run(initialTiming(professional), { type: 'report-due', at: 40, paused: false, queuedUntil: 60 });
    expect(queued.commands).toEqual([{ type: 'drain' }]);
  });

  test('the end is reported as the whole length, though streamed media stops a fraction short', () => {
    const { state, commands } = run(initialTiming(professional), { type: 'ended', at: 599.6, queuedUntil: 590 });
    expect(commands).toEqual([{ type: 'report', report: { position: 600, state: REPORT_STATE.ended } }]);
    expect(state.ended).toBe(true);
  });

  test('nothing is recorded in review or without a playback session', () => {
    for (const facts of [
      { ...professional, review: true, progress: 100 },
      { ...professional, recording: false },
    ]) {
      const events: LessonEvent[] = [
        { type: 'play', at: 0, queuedUntil: null },
        { type: 'report-due', at: 10, paused: false, queuedUntil: null },
      ];
      expect(run(initialTiming(facts), ...events).commands).toEqual([]);
    }
  });

  test('an answer moves the verified point forward only, and the progress shown', () => {
    const start = initialTiming({ ...professional, learnTime: 100 });
    const { state } = run(
      start,
      { type: 'report-answered', learnTime: 140, progress: 23 },
      { type: 'report-answered', learnTime: 130, progress: 23 },
    );
    expect(state.verified).toBe(140);
    expect(state.progress).toBe(23);
    expect(seekLimitOf(state, 150)).toBe(150);
    expect(seekLimitOf(state, null)).toBe(140);
    expect(seekLimitOf(initialTiming({ ...professional, review: true }), 10)).toBeNull();
  });

  test('a trial starts from 0 and shows no progress from answers', () => {
    const trial = initialTiming({ ...professional, trial: true, learnTime: 300 });
    expect(trial.verified).toBe(0);
    expect(run(trial, { type: 'report-answered', learnTime: 50, progress: 40 }).state.progress).toBe(0);
  });
});

describe('completion and rating (spec 02 §4)', () => {
  test('the end accepted by the server completes the course: the evaluation opens for an unrated one', () => {
    const { state, commands } = run(
      initialTiming(professional),
      { type: 'ended', at: 600, queuedUntil: null },
      { type: 'report-answered', learnTime: 600, progress: 100 },
    );
    expect(state.completed).toBe(true);
    expect(state.dialog).toEqual({ kind: 'evaluate' });
    expect(commands).toContainEqual({ type: 'forget-record' });
  });

  test('a rated course goes to the next step (archive notice or the list) instead', () => {
    const { commands } = run(
      initialTiming({ ...professional, rated: true }),
      { type: 'ended', at: 600, queuedUntil: null },
      { type: 'report-answered', learnTime: 600, progress: 100 },
    );
    expect(commands).toEqual([
      { type: 'report', report: { position: 600, state: REPORT_STATE.ended } },
      { type: 'forget-record' },
      { type: 'after-rating' },
    ]);
  });

  test('completed by a periodic report in the last second: no more reports, the end goes straight to the rating', () => {
    const completed = run(initialTiming(professional), { type: 'report-answered', learnTime: 599, progress: 100 });
    expect(completed.state.completed).toBe(true);
    expect(completed.state.dialog).toBeNull();
    expect(run(completed.state, { type: 'report-due', at: 599.5, paused: false, queuedUntil: null }).commands).toEqual(
      [],
    );
    const ended = run(completed.state, { type: 'ended', at: 600, queuedUntil: null });
    expect(ended.state.dialog).toEqual({ kind: 'evaluate' });
    // The finishing step runs once.
    expect(run(ended.state, { type: 'report-answered', learnTime: 600, progress: 100 }).commands).toEqual([]);
  });

  test('a finished, unrated course offers its rating on the review page; rating it there stays on the page', () => {
    const review = initialTiming({ ...professional, review: true, progress: 100, learnTime: 600 });
    expect(offersRating(review)).toBe(true);
    const asked = run(review, { type: 'rate-asked' });
    expect(asked.state.dialog).toEqual({ kind: 'evaluate', voluntary: true });
    const rated = run(asked.state, { type: 'rated' });
    expect(rated.commands).toEqual([]);
    expect(offersRating(rated.state)).toBe(false);
    expect(run(asked.state, { type: 'rating-cancelled' }).state.dialog).toBeNull();
  });

  test('a reviewed, unrated course asks for its rating when its video ends', () => {
    const review = initialTiming({ ...professional, review: true, progress: 100 });
    expect(run(review, { type: 'ended', at: 600, queuedUntil: null }).state.dialog).toEqual({ kind: 'evaluate' });
    const rated = initialTiming({ ...professional, review: true, progress: 100, rated: true });
    expect(run(rated, { type: 'ended', at: 600, queuedUntil: null }).state.dialog).toBeNull();
  });
});

describe('face checks (spec 02 §4, §7: at the course photo percents)', () => {
  test('reaching a photo percent pauses and opens the face check; passing it plays on', () => {
    const opened = run(initialTiming(professional), { type: 'time', at: 61, paused: false });
    expect(opened.state.dialog).toEqual({ kind: 'face', percent: 10 });
    expect(opened.commands).toContainEqual({ type: 'pause' });
    const passed = run(opened.state, { type: 'face-uploaded', percent: 10 });
    expect(passed.state.dialog).toBeNull();
    expect(passed.commands).toEqual([{ type: 'play' }]);
    expect(run(passed.state, { type: 'time', at: 62, paused: false }).state.dialog).toBeNull();
    expect(run(passed.state, { type: 'time', at: 300, paused: false }).state.dialog).toEqual({
      kind: 'face',
      percent: 50,
    });
  });

  test('checks before the resume point were passed before; none in review or trial', () => {
    expect(
      run(initialTiming({ ...professional, learnTime: 301 }), { type: 'time', at: 302, paused: false }).state.dialog,
    ).toBeNull();
    for (const facts of [
      { ...professional, review: true },
      { ...professional, trial: true },
    ]) {
      expect(run(initialTiming(facts), { type: 'time', at: 61, paused: false }).state.dialog).toBeNull();
    }
  });

  test('the dialogs are fetched once, when playing first starts', () => {
    const { commands } = run(
      initialTiming({ ...professional, learnTime: 0 }),
      { type: 'time', at: 0, paused: true },
      { type: 'time', at: 1, paused: false },
      { type: 'time', at: 2, paused: false },
    );
    expect(commands.filter((c) => c.type === 'prefetch-dialogs')).toEqual([
      { type: 'prefetch-dialogs', faceChecks: true, quizzes: false, rating: true },
    ]);
  });
});

describe('public quizzes (spec 02 §7: 35, 50, 65, 80, 95 %)', () => {
  test('a quiz point pauses and fetches its question; a wrong answer keeps it open, a right one plays on', () => {
    const due = run(initialTiming(publicLesson), { type: 'time', at: 211, paused: false });
    expect(due.commands).toEqual([
      { type: 'prefetch-dialogs', faceChecks: false, quizzes: true, rating: true },
      { type: 'pause' },
      { type: 'fetch-quiz', percent: 35 },
    ]);
    const question = { qid: 1, title: '题', answer: 'A', percentage: 35, pc_options: [] };
    const open = run(due.state, { type: 'quiz-fetched', question });
    expect(open.state.dialog).toEqual({ kind: 'quiz', question });
    const wrong = run(open.state, { type: 'quiz-checked', passed: false });
    expect(wrong.state.dialog).toEqual({ kind: 'quiz', question });
    expect(wrong.commands).toEqual([{ type: 'message', text: M.wrongAnswer, level: 'error' }]);
    const right = run(open.state, { type: 'quiz-checked', passed: true });
    expect(right.state.dialog).toBeNull();
    expect(right.commands).toEqual([{ type: 'message', text: M.quizSubmitted, level: 'success' }, { type: 'play' }]);
    expect(run(right.state, { type: 'time', at: 212, paused: false }).commands).toEqual([]);
  });

  test('no question to fetch: the video plays on, and that point is not asked again', () => {
    const due = run(initialTiming(publicLesson), { type: 'time', at: 211, paused: false });
    const gone = run(due.state, { type: 'quiz-unavailable' });
    expect(gone.commands).toEqual([{ type: 'play' }]);
    expect(run(gone.state, { type: 'time', at: 212, paused: false }).state.dialog).toBeNull();
  });

  test('professional courses have no quizzes', () => {
    expect(
      run(initialTiming({ ...professional, photo: [] }), { type: 'time', at: 211, paused: false }).state.dialog,
    ).toBeNull();
  });
});

describe('one study session at a time', () => {
  test('refused because another place plays: paused, nothing reported, play held until 在此继续学习', () => {
    const refused = run(initialTiming(professional), { type: 'report-refused', error: elsewhere });
    expect(refused.state.place).toBe('elsewhere');
    expect(refused.commands).toEqual([{ type: 'pause' }]);
    expect(run(refused.state, { type: 'play', at: 20, queuedUntil: null }).commands).toEqual([{ type: 'pause' }]);
    expect(run(refused.state, { type: 'report-due', at: 20, paused: false, queuedUntil: null }).commands).toEqual([]);
  });

  test('在此继续学习 takes over from the player; the answer goes back to the verified point and plays', () => {
    const refused = run(initialTiming(professional), { type: 'report-refused', error: elsewhere }).state;
    const moving = run(refused, { type: 'continue-here', at: 90 });
    expect(moving.state.place).toBe('moving');
    expect(moving.commands).toEqual([{ type: 'take-over', position: 90 }]);
    const moved = run(moving.state, { type: 'takeover-answered', learnTime: 40, progress: 7, at: 90 });
    expect(moved.state.place).toBe('here');
    expect(moved.state.verified).toBe(40);
    expect(moved.commands).toEqual([{ type: 'seek', to: 40 }, { type: 'play' }]);
    const failed = run(moving.state, { type: 'takeover-failed', error: elsewhere });
    expect(failed.state.place).toBe('elsewhere');
  });

  test('a withdrawn enrolment or a lost session (403, 404) stops recording for good, saying why', () => {
    const stopped = run(initialTiming(professional), {
      type: 'report-refused',
      error: { code: 403, message: '课程已退' },
    });
    expect(stopped.state.stopped).toBe(true);
    expect(stopped.state.stoppedText).toBe('课程已退');
    expect(stopped.commands).toEqual([{ type: 'pause' }]);
    expect(run(stopped.state, { type: 'play', at: 10, queuedUntil: null }).commands).toEqual([]);
  });
});

describe('trial viewing (spec 02 §4: 360 s)', () => {
  const trial = initialTiming({ ...professional, trial: true });
  test('viewing time is the wall time between ticks while playing, not while paused', () => {
    const { state } = run(
      trial,
      { type: 'trial-tick', now: 0, at: 0, paused: true },
      { type: 'trial-tick', now: 5_000, at: 0, paused: false },
      { type: 'trial-tick', now: 9_000, at: 0, paused: true },
    );
    expect(state.trialSeconds).toBe(5);
  });

  test('at the limit (by the clock or the video) the trial pauses and ends once', () => {
    const byClock = run(
      trial,
      { type: 'trial-tick', now: 0, at: 0, paused: false },
      { type: 'trial-tick', now: TRIAL_LIMIT_SECONDS * 1000, at: 100, paused: false },
    );
    expect(byClock.state.trialEnded).toBe(true);
    expect(byClock.commands).toEqual([{ type: 'pause' }]);
    expect(run(byClock.state, { type: 'trial-tick', now: 400_000, at: 100, paused: false }).commands).toEqual([]);
    const byVideo = run(trial, { type: 'trial-tick', now: 0, at: TRIAL_LIMIT_SECONDS, paused: false });
    expect(byVideo.state.trialEnded).toBe(true);
  });

  test('a paid lesson has no trial clock', () => {
    expect(
      run(initialTiming(professional), { type: 'trial-tick', now: 0, at: TRIAL_LIMIT_SECONDS, paused: false }).state
        .trialEnded,
    ).toBe(false);
  });
});
