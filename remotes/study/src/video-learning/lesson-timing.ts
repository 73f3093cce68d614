import type { QuizQuestion } from '@yaoshi/contracts/study';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import { COMPLETE_PROGRESS, REPORT_STATE, TRIAL_LIMIT_SECONDS, duePercentOf } from '@yaoshi/contracts/study-rules';
import type { QueuedReport } from './report-queue';
import type { LessonKind } from './stored-reports';
import { isElsewhereRefusal, positionAfterMove, studyPlaceAfter, type StudyPlace } from './study-place';

/**
 * The lesson page's timing rules as one pure reducer: events in (the player played, a report
 * interval passed, a report was answered, a face check passed …), the next state and the
 * commands to carry out (pause, play, send a report, fetch a quiz question …) out. The page
 * (lesson-page.tsx) dispatches what the player, the timers and the server tell it and performs
 * the commands; it keeps no rule of its own. spec 02 §4 and §7; docs/study.md.
 */

export type ReportState = (typeof REPORT_STATE)[keyof typeof REPORT_STATE];

/** What the page knows of the lesson when it opens; fixed for the page's life. */
export interface LessonFacts {
  kind: LessonKind;
  /** Seconds. */
  duration: number;
  /** Face checks: percents of the duration (the course's `photo` list). */
  photo: readonly number[];
  /** Public courses' quiz points: percents of the duration (the course's, else PUBLIC_QUIZ_PERCENTS). */
  quizPoints: readonly number[];
  /** Progress 100 when opened: played for review, nothing recorded. */
  review: boolean;
  /** Trial viewing: reported from 0, no checks, no progress shown, stopped at TRIAL_LIMIT_SECONDS. */
  trial: boolean;
  /** A playback session exists (record_id > 0). */
  recording: boolean;
  /** The course was rated before. */
  rated: boolean;
  /** The server's verified point when opened (learn_time), seconds. */
  learnTime: number;
  progress: number;
}

export type LessonDialog =
  | { kind: 'face'; percent: number }
  /** A quiz point was reached; its question is on its way. */
  | { kind: 'quiz-loading'; percent: number }
  | { kind: 'quiz'; question: QuizQuestion }
  | { kind: 'evaluate'; voluntary?: boolean };

export interface LessonTiming {
  facts: LessonFacts;
  /** The server's verified point: reports start from it, seeking may reach it. */
  verified: number;
  progress: number;
  place: StudyPlace;
  /** Why recording stopped for good (a withdrawn enrolment, a session gone), shown until the page is left. */
  stoppedText: string | null;
  stopped: boolean;
  /** The video has played to its end in this page (the rating follows once the server agrees). */
  ended: boolean;
  /**
   * A report has completed the course. A periodic report can, in the video's last second (the
   * server counts whole seconds); the server then refuses any later report as already
   * completed, so the end of the video goes straight to the rating.
   */
  completed: boolean;
  /** The finishing step (rating, or the next step) has run. */
  finished: boolean;
  dialog: LessonDialog | null;
  doneChecks: readonly number[];
  doneQuizzes: readonly number[];
  /** What the dialogs need has been fetched (once, when playing first starts). */
  dialogsFetched: boolean;
  /** Rated from this page. */
  ratedHere: boolean;
  /** Trial viewing: seconds watched by the clock, the last tick, and whether the limit was reached. */
  trialSeconds: number;
  trialLastTick: number | null;
  trialEnded: boolean;
}

export type LessonEvent =
  /** The player started playing at `at` (media seconds). */
  | { type: 'play'; at: number; queuedUntil: number | null }
  /** A report interval passed (10 s professional, 60 s public). */
  | { type: 'report-due'; at: number; paused: boolean; queuedUntil: number | null }
  /** The player's time moved (playing, or a seek). */
  | { type: 'time'; at: number; paused: boolean }
  | { type: 'ended'; at: number; queuedUntil: number | null }
  /** A trial's clock tick (every second): `now` is wall time in ms, `at` media seconds. */
  | { type: 'trial-tick'; now: number; at: number; paused: boolean }
  | { type: 'report-answered'; learnTime: number; progress: number }
  | { type: 'report-refused'; error: unknown }
  /** 在此继续学习. */
  | { type: 'continue-here'; at: number }
  | { type: 'takeover-answered'; learnTime: number; progress: number; at: number }
  | { type: 'takeover-failed'; error: unknown }
  | { type: 'quiz-fetched'; question: QuizQuestion }
  | { type: 'quiz-unavailable' }
  | { type: 'quiz-checked'; passed: boolean }
  | { type: 'face-uploaded'; percent: number }
  /** 评价 pressed on a review page. */
  | { type: 'rate-asked' }
  | { type: 'rating-cancelled' }
  | { type: 'rated' };

export type LessonCommand =
  | { type: 'pause' }
  | { type: 'play' }
  | { type: 'seek'; to: number }
  /** Queue this report and send what waits. */
  | { type: 'report'; report: QueuedReport }
  /** Send what waits, adding nothing. */
  | { type: 'drain' }
  /** Ask the server to move study here (a takeover report from `position`). */
  | { type: 'take-over'; position: number }
  | { type: 'fetch-quiz'; percent: number }
  | { type: 'prefetch-dialogs'; faceChecks: boolean; quizzes: boolean; rating: boolean }
  /** The course is finished here: the stored playback session is no longer resumed. */
  | { type: 'forget-record' }
  /** After the rating: the archive review notice for the last course, else back to the list. */
  | { type: 'after-rating' }
  | { type: 'message'; text: string; level: 'success' | 'error' };

export interface LessonStep {
  state: LessonTiming;
  commands: LessonCommand[];
}

function percentOf(seconds: number, duration: number): number {
  return duration > 0 ? (seconds * 100) / duration : 0;
}

export function initialTiming(facts: LessonFacts): LessonTiming {
  const startPercent = percentOf(facts.learnTime, facts.duration);
  return {
    facts,
    verified: facts.trial ? 0 : facts.learnTime,
    progress: facts.progress,
    place: 'here',
    stoppedText: null,
    stopped: false,
    ended: false,
    completed: false,
    finished: false,
    dialog: null,
    // Checks and quizzes before the resume point were passed on an earlier visit.
    doneChecks: facts.photo.filter((p) => p <= startPercent),
    doneQuizzes: facts.quizPoints.filter((p) => p <= startPercent),
    dialogsFetched: false,
    ratedHere: false,
    trialSeconds: 0,
    trialLastTick: null,
    trialEnded: false,
  };
}

/** The furthest point the learner may seek to: the verified point or what the video played from it; none in review. */
export function seekLimitOf(state: LessonTiming, playedFromVerified: number | null): number | null {
  return state.facts.review ? null : Math.max(state.verified, playedFromVerified ?? 0);
}

/** The rating offered at the top of a finished, unrated course's review page. */
export function offersRating(state: LessonTiming): boolean {
  return state.facts.review && !state.facts.trial && !state.facts.rated && !state.ratedHere;
}

/**
 * A progress report at media time `at`. `start`: playing starts; reported even before the
 * verified point (as that point: no advance).
 */
function report(
  state: LessonTiming,
  reportState: ReportState,
  at: number,
  queuedUntil: number | null,
  start = false,
): LessonCommand[] {
  const { facts } = state;
  if (facts.review || !facts.recording || state.stopped || state.completed) return [];
  // Refused because another place plays: nothing is reported until study moves here.
  if (state.place !== 'here') return [];
  // The video played to its end: that is the lesson's length. A streamed (HLS) lesson's media
  // can stop a fraction of a second short of it (its last segment's frames), which rounded
  // down to 89 of 90 s; the server still allows no more than the wall time since the last report.
  const position = reportState === REPORT_STATE.ended ? Math.max(at, facts.duration) : at;
  // Re-watching before the verified (or already queued) point adds nothing; the server would call it backwards.
  const floor = Math.max(state.verified, queuedUntil ?? 0);
  if (position < floor && reportState !== REPORT_STATE.ended && !start) return [{ type: 'drain' }];
  return [{ type: 'report', report: { position: Math.max(position, floor), state: reportState } }];
}

/** The course is complete and its video has ended: the rating, or the next step. */
function finish(state: LessonTiming): LessonStep {
  if (state.finished) return { state, commands: [] };
  const finished = { ...state, finished: true };
  if (state.facts.rated) return { state: finished, commands: [{ type: 'forget-record' }, { type: 'after-rating' }] };
  return { state: { ...finished, dialog: { kind: 'evaluate' } }, commands: [{ type: 'forget-record' }] };
}

/**
 * A refused report or move. Another place playing holds this page paused until 在此继续学习;
 * a withdrawn enrolment, a session gone or an ended trial (403, 404) stop its recording for
 * good. The error catalogue has shown the server's message for a moment; the page keeps
 * saying why it stopped.
 */
function refused(state: LessonTiming, error: unknown): LessonStep {
  if (isElsewhereRefusal(error)) {
    return {
      state: { ...state, place: studyPlaceAfter(state.place, 'refused-elsewhere') },
      commands: [{ type: 'pause' }],
    };
  }
  const failure = error as { code?: number; message?: string } | undefined;
  if (failure?.code === 403 || failure?.code === 404) {
    return { state: { ...state, stopped: true, stoppedText: failure.message ?? null }, commands: [{ type: 'pause' }] };
  }
  return { state, commands: [] };
}

/** A face check or quiz point reached at `at` while playing (none in review, trial, or with a dialog open). */
function checkpoint(state: LessonTiming, at: number): LessonStep {
  const { facts } = state;
  if (facts.review || facts.trial || state.dialog !== null) return { state, commands: [] };
  const face = duePercentOf(facts.photo, at, facts.duration, new Set(state.doneChecks));
  if (face !== null)
    return { state: { ...state, dialog: { kind: 'face', percent: face } }, commands: [{ type: 'pause' }] };
  if (facts.kind !== 'public') return { state, commands: [] };
  const quiz = duePercentOf(facts.quizPoints, at, facts.duration, new Set(state.doneQuizzes));
  if (quiz === null) return { state, commands: [] };
  return {
    state: { ...state, dialog: { kind: 'quiz-loading', percent: quiz }, doneQuizzes: [...state.doneQuizzes, quiz] },
    commands: [{ type: 'pause' }, { type: 'fetch-quiz', percent: quiz }],
  };
}

export function lessonTiming(state: LessonTiming, event: LessonEvent): LessonStep {
  const { facts } = state;
  switch (event.type) {
    case 'play':
      // Refused because another place plays: the video waits for 在此继续学习.
      if (state.place !== 'here') return { state, commands: [{ type: 'pause' }] };
      // Playing starts (or resumes): reported at once, so a refusal (another place is playing)
      // comes as the learner presses 播放, not a report interval into the lesson; and a
      // learner's killed tab, silent since, is taken over from this moment.
      return { state, commands: report(state, REPORT_STATE.playing, event.at, event.queuedUntil, true) };
    case 'report-due':
      // spec 02 §7: every 10 s (professional) or 60 s (public) while playing, the last 30 s included.
      if (facts.review || event.paused) return { state, commands: [] };
      return { state, commands: report(state, REPORT_STATE.playing, event.at, event.queuedUntil) };
    case 'time': {
      // Once playing (a paused seek, such as the resume point's, also updates the time): fetch
      // what this lesson's dialogs need, in the background.
      let commands: LessonCommand[] = [];
      let next = state;
      if (!state.dialogsFetched && !event.paused) {
        const recording = !facts.review && !facts.trial;
        next = { ...state, dialogsFetched: true };
        commands = [
          {
            type: 'prefetch-dialogs',
            faceChecks: recording && facts.photo.length > 0,
            quizzes: recording && facts.kind === 'public',
            rating: !facts.trial && !facts.rated,
          },
        ];
      }
      const step = checkpoint(next, event.at);
      return { state: step.state, commands: [...commands, ...step.commands] };
    }
    case 'ended':
      if (facts.trial) return { state, commands: [] };
      // spec 02 §4: an unrated course asks for its rating when it finishes, reviewed or not
      // (a course finished but left unrated would otherwise never be rated).
      if (facts.review) {
        return facts.rated
          ? { state, commands: [] }
          : { state: { ...state, dialog: { kind: 'evaluate' } }, commands: [] };
      }
      // The course completes when the server accepts the end; while offline the end report
      // waits in the queue, and the rating opens when it is accepted.
      if (state.completed) return finish({ ...state, ended: true });
      return {
        state: { ...state, ended: true },
        commands: report(state, REPORT_STATE.ended, event.at, event.queuedUntil),
      };
    case 'trial-tick': {
      if (!facts.trial) return { state, commands: [] };
      // Viewing time is measured on the clock between ticks while playing, so a throttled
      // background tab (fewer ticks) counts the same time.
      const elapsed = state.trialLastTick === null || event.paused ? 0 : (event.now - state.trialLastTick) / 1000;
      const next = { ...state, trialSeconds: state.trialSeconds + elapsed, trialLastTick: event.now };
      if (state.trialEnded) return { state: next, commands: [] };
      if (next.trialSeconds >= TRIAL_LIMIT_SECONDS || event.at >= TRIAL_LIMIT_SECONDS) {
        // The page says so and goes to sign up (trial-limit.ts).
        return { state: { ...next, trialEnded: true }, commands: [{ type: 'pause' }] };
      }
      return { state: next, commands: [] };
    }
    case 'report-answered': {
      const next = {
        ...state,
        verified: Math.max(state.verified, event.learnTime),
        progress: facts.trial ? state.progress : event.progress,
      };
      if (facts.trial || event.progress < COMPLETE_PROGRESS) return { state: next, commands: [] };
      const completed = { ...next, completed: true };
      return completed.ended ? finish(completed) : { state: completed, commands: [] };
    }
    case 'report-refused':
      return refused(state, event.error);
    case 'continue-here':
      if (state.place !== 'elsewhere') return { state, commands: [] };
      return {
        state: { ...state, place: studyPlaceAfter(state.place, 'continue-here') },
        commands: [{ type: 'take-over', position: event.at }],
      };
    case 'takeover-answered': {
      const next: LessonTiming = {
        ...state,
        verified: Math.max(state.verified, event.learnTime),
        progress: facts.trial ? state.progress : event.progress,
        place: studyPlaceAfter(state.place, 'moved'),
      };
      const target = positionAfterMove(event.at, event.learnTime);
      return {
        state: next,
        commands: [...(target === null ? [] : [{ type: 'seek', to: target } as const]), { type: 'play' }],
      };
    }
    case 'takeover-failed':
      return refused({ ...state, place: studyPlaceAfter(state.place, 'move-failed') }, event.error);
    case 'quiz-fetched':
      return { state: { ...state, dialog: { kind: 'quiz', question: event.question } }, commands: [] };
    case 'quiz-unavailable':
      return { state: { ...state, dialog: null }, commands: [{ type: 'play' }] };
    case 'quiz-checked':
      if (!event.passed) return { state, commands: [{ type: 'message', text: M.wrongAnswer, level: 'error' }] };
      return {
        state: { ...state, dialog: null },
        commands: [{ type: 'message', text: M.quizSubmitted, level: 'success' }, { type: 'play' }],
      };
    case 'face-uploaded':
      return {
        state: { ...state, dialog: null, doneChecks: [...state.doneChecks, event.percent] },
        commands: [{ type: 'play' }],
      };
    case 'rate-asked':
      return { state: { ...state, dialog: { kind: 'evaluate', voluntary: true } }, commands: [] };
    case 'rating-cancelled':
      return { state: { ...state, dialog: null }, commands: [] };
    case 'rated': {
      // Rated from the top of the review page: the learner stays where she was.
      const voluntary = state.dialog?.kind === 'evaluate' && state.dialog.voluntary === true;
      return {
        state: { ...state, dialog: null, ratedHere: true },
        commands: voluntary ? [] : [{ type: 'after-rating' }],
      };
    }
  }
}
