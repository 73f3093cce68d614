import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Card } from '@yaoshi/ui/site-card';
import { Progress } from '@yaoshi/ui/site-progress';
import { WarningAlert } from '@yaoshi/ui/site-alert';
import { SiteButton } from '@yaoshi/ui/site-button';
import { Avatar } from '@yaoshi/ui/site-avatar';
import { Paragraph, Title } from '@yaoshi/ui/typography';
import { useNavigate } from '@yaoshi/ui/router';
import type { LessonDetail, ProgressReportResponse } from '@yaoshi/contracts/study';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import {
  COMPLETE_PROGRESS,
  PROFESSIONAL_REPORT_INTERVAL_SECONDS,
  REPORT_STATE,
  PUBLIC_QUIZ_PERCENTS,
  PUBLIC_REPORT_INTERVAL_SECONDS,
} from '@yaoshi/contracts/study-rules';
import { MESSAGE_TEXTS } from '@yaoshi/ui/message-texts';
import { showMessage } from '@yaoshi/ui/show-message';
import { useUploadAvatarMutation } from '../face-collection/face-api';
import { useRateCourse } from '../course-rating/use-rate-course';
import {
  useCheckPublicLastMutation,
  useCourseLastMutation,
  useFaceCompareMutation,
  useQuizQuestionMutation,
  useQuizResultMutation,
  useReportProgressMutation,
  useReportPublicProgressMutation,
} from './lesson-api';
import { LessonPlayer, type PlayerHandle } from './lesson-player';
import { EvaluationDialog, FaceCheckDialog, QuizDialog, prefetchLessonDialogs, showInfoDialog } from './lesson-dialogs';
import { REPORT_RETRY_MS, ReportQueue, type QueuedReport } from './report-queue';
import { useTrialLimit } from './trial-limit';
import { LessonStatus, RatePrompt } from './lesson-notices';
import { useSessionEndOnLeave } from './session-end';
import { reportRequestOf, writeStoredReports, type LessonKind, type ReportContext } from './stored-reports';
import {
  initialTiming,
  lessonTiming,
  offersRating,
  seekLimitOf,
  type LessonCommand,
  type LessonEvent,
  type LessonTiming,
  type ReportState,
} from './lesson-timing';

/** A reload (the face check's 60 s rule) continues the same playback session. */
export function recordKey(kind: LessonKind, cid: number): string {
  return `lessonRecord:${kind}:${cid}`;
}

/**
 * One open lesson: its player, its reports to the server, its checks and its dialogs. The
 * rules (when to report, from where, which check is due, what a refusal or an answer means)
 * are the pure reducer of lesson-timing.ts; this component tells it what the player, the
 * timers and the server did and carries out the commands it returns.
 */
export function Lesson({ kind, lesson }: { kind: LessonKind; lesson: LessonDetail }) {
  const navigate = useNavigate();
  const listPath = kind === 'public' ? '/publicCourse' : '/myCourse';
  const review = lesson.progress.progress >= COMPLETE_PROGRESS;
  const trial = lesson.trial === 1;
  const recordId = lesson.record_id;
  const interval = kind === 'public' ? PUBLIC_REPORT_INTERVAL_SECONDS : PROFESSIONAL_REPORT_INTERVAL_SECONDS;

  const playerRef = useRef<PlayerHandle | null>(null);
  const [timing, setTiming] = useState(() =>
    initialTiming({
      kind,
      duration: lesson.duration,
      photo: lesson.photo,
      quizPoints: lesson.quiz_points ?? PUBLIC_QUIZ_PERCENTS,
      review,
      trial,
      recording: recordId > 0,
      rated: Boolean(lesson.is_grade),
      learnTime: lesson.progress.learn_time,
      progress: lesson.progress.progress,
    }),
  );
  /** The reducer's state as of the last event: timers and server answers read it between renders. */
  const timingRef = useRef(timing);
  /** Carries out a command; set after each render (below), read only by dispatch. */
  const performRef = useRef<(command: LessonCommand) => void>(() => undefined);
  const dispatch = useCallback((event: LessonEvent): LessonTiming => {
    const step = lessonTiming(timingRef.current, event);
    timingRef.current = step.state;
    setTiming(step.state);
    for (const command of step.commands) performRef.current(command);
    return step.state;
  }, []);

  const [reportProfessional] = useReportProgressMutation();
  const [reportPublic] = useReportPublicProgressMutation();
  const [uploadAvatar] = useUploadAvatarMutation();
  const [faceCompare] = useFaceCompareMutation();
  const [fetchQuestion] = useQuizQuestionMutation();
  const [submitQuiz, quizState] = useQuizResultMutation();
  const rating = useRateCourse(kind);
  const [courseLast] = useCourseLastMutation();
  const [checkPublicLast] = useCheckPublicLastMutation();

  useEffect(() => {
    if (recordId > 0) sessionStorage.setItem(recordKey(kind, lesson.cid), String(recordId));
  }, [kind, lesson.cid, recordId]);

  const [reportContext] = useState<ReportContext>(() => ({
    kind,
    cid: lesson.cid,
    recordId,
    duration: lesson.duration,
    startTime: lesson.progress.learn_time,
    trial,
  }));
  const send = useCallback(
    (position: number, state: ReportState) => {
      const request = reportRequestOf(reportContext, { position, state });
      return request.kind === 'public'
        ? reportPublic(request.payload).unwrap()
        : reportProfessional(request.payload).unwrap();
    },
    [reportContext, reportProfessional, reportPublic],
  );

  /**
   * Reports wait in a queue and go out one at a time, in the order they were produced; one
   * that gets no answer (network down, a laptop waking up) is sent again, before any
   * later one, every REPORT_RETRY_MS and when the browser is back online (issue 16 item 18).
   */
  const [retry] = useState(() => ({ timer: null as ReturnType<typeof setTimeout> | null, left: false }));
  const [queue] = useState(
    () =>
      new ReportQueue<ProgressReportResponse>((queued: QueuedReport) => send(queued.position, queued.state), {
        // A report that completed the course stops the queue: the server refuses any later one.
        answered: (answer) =>
          !dispatch({ type: 'report-answered', learnTime: answer.learn_time, progress: answer.progress }).completed,
        refused: (error) => !dispatch({ type: 'report-refused', error }).stopped,
        changed: (pending) => writeStoredReports(sessionStorage, reportContext, pending),
        unanswered: () => {
          // The page has left the lesson: what still waits stays stored for its next load.
          if (retry.timer !== null || retry.left) return;
          retry.timer = setTimeout(() => {
            retry.timer = null;
            void queue.drain();
          }, REPORT_RETRY_MS);
        },
      }),
  );
  useEffect(() => {
    const retryNow = () => void queue.drain();
    window.addEventListener('online', retryNow);
    return () => {
      retry.left = true;
      window.removeEventListener('online', retryNow);
      if (retry.timer !== null) clearTimeout(retry.timer);
    };
  }, [queue, retry]);

  const backToList = useCallback(() => void navigate(listPath), [navigate, listPath]);
  const afterRating = useCallback(async () => {
    const check = kind === 'public' ? checkPublicLast : courseLast;
    const answer = await check({ year: lesson.year, course_id: lesson.cid })
      .unwrap()
      .catch(() => null);
    if (answer?.is_last === 1)
      await showInfoDialog({ title: '学习完成', content: M.archiveReview, onOk: backToList }).catch(backToList);
    else backToList();
  }, [kind, checkPublicLast, courseLast, lesson.year, lesson.cid, backToList]);

  const perform = useCallback(
    (command: LessonCommand) => {
      const player = playerRef.current;
      switch (command.type) {
        case 'pause':
          return player?.pause();
        case 'play':
          return player?.play();
        case 'seek':
          return player?.seek(command.to);
        case 'report':
          queue.enqueue(command.report);
          return void queue.drain();
        case 'drain':
          return void queue.drain();
        case 'take-over':
          return void send(command.position, REPORT_STATE.takeover).then(
            (answer) =>
              dispatch({
                type: 'takeover-answered',
                learnTime: answer.learn_time,
                progress: answer.progress,
                at: playerRef.current?.currentTime() ?? 0,
              }),
            (error: unknown) => dispatch({ type: 'takeover-failed', error }),
          );
        case 'fetch-quiz':
          return void fetchQuestion({ course_id: lesson.cid, percentage: command.percent })
            .unwrap()
            .then(
              (question) => dispatch({ type: 'quiz-fetched', question }),
              () => dispatch({ type: 'quiz-unavailable' }),
            );
        case 'prefetch-dialogs':
          return prefetchLessonDialogs(command);
        case 'forget-record':
          return sessionStorage.removeItem(recordKey(kind, lesson.cid));
        case 'after-rating':
          return void afterRating();
        case 'message':
          return showMessage(command.text, command.level === 'error' ? { type: 'error' } : undefined);
      }
    },
    [queue, send, dispatch, fetchQuestion, lesson.cid, kind, afterRating],
  );
  useEffect(() => {
    performRef.current = perform;
  }, [perform]);

  /** What the player's position and the queue say now, for the events that may report. */
  const now = useCallback(() => {
    const player = playerRef.current;
    return player ? { at: player.currentTime(), queuedUntil: queue.lastQueuedPosition } : null;
  }, [queue]);

  // spec 02 §7: every 10 s (professional) or 60 s (public) while playing, the last 30 s included.
  useEffect(() => {
    if (review) return undefined;
    const timer = setInterval(() => {
      const player = playerRef.current;
      const at = now();
      if (player && at) dispatch({ type: 'report-due', paused: player.paused(), ...at });
    }, interval * 1000);
    return () => clearInterval(timer);
  }, [interval, review, now, dispatch]);

  useSessionEndOnLeave({ active: !review && recordId > 0, kind, lesson, recordId, playerRef, reportContext, queue });
  useTrialLimit(trial, timing.trialEnded, playerRef, dispatch);

  const onPlay = useCallback(() => {
    const at = now();
    if (at) dispatch({ type: 'play', ...at });
  }, [now, dispatch]);
  const onTimeUpdate = useCallback(
    (seconds: number) => dispatch({ type: 'time', at: seconds, paused: playerRef.current?.paused() !== false }),
    [dispatch],
  );
  const onEnded = useCallback(() => {
    const at = now();
    dispatch({ type: 'ended', at: at?.at ?? 0, queuedUntil: at?.queuedUntil ?? null });
  }, [now, dispatch]);

  const uploadFace = useCallback(
    async (photo: string, percent: number) => {
      try {
        if (kind === 'public') await faceCompare({ avatar: photo, course_id: lesson.cid, percent }).unwrap();
        else await uploadAvatar({ avatar: photo, course_id: lesson.cid, percent }).unwrap();
      } catch {
        return false;
      }
      showMessage(MESSAGE_TEXTS.uploadSuccess);
      dispatch({ type: 'face-uploaded', percent });
      return true;
    },
    [kind, faceCompare, uploadAvatar, lesson.cid, dispatch],
  );

  // What the video itself played from the verified point (not timer ticks: see furthestPlayedFrom).
  const seekLimit = useCallback(() => {
    const { verified } = timingRef.current;
    return seekLimitOf(timingRef.current, playerRef.current?.playedUntil(verified) ?? null);
  }, []);
  const teacher = lesson.teacher_info;
  const { dialog, place, progress, stoppedText } = timing;

  return (
    <Card
      title={lesson.name}
      extra={<LessonStatus review={review} trial={trial} place={place} stopped={stoppedText !== null} />}
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        {offersRating(timing) && <RatePrompt onRate={() => dispatch({ type: 'rate-asked' })} />}
        <LessonPlayer
          src={lesson.video_url}
          poster={lesson.thumb}
          startAt={review || trial ? 0 : lesson.progress.learn_time}
          seekLimit={seekLimit}
          onSeekBlocked={() => showMessage(M.cannotSeekAhead, { type: 'warning' })}
          onReady={(handle) => {
            playerRef.current = handle;
          }}
          onTimeUpdate={onTimeUpdate}
          onEnded={onEnded}
          onPlay={onPlay}
        />
        {place !== 'here' && (
          <WarningAlert
            action={
              <SiteButton
                variant="primary"
                loading={place === 'moving'}
                onClick={() => dispatch({ type: 'continue-here', at: playerRef.current?.currentTime() ?? 0 })}
              >
                {M.continueHere}
              </SiteButton>
            }
          >
            <strong>{M.elsewhereTitle}</strong>
            <div>{M.elsewhereDetail}</div>
          </WarningAlert>
        )}
        {stoppedText !== null && <WarningAlert>{stoppedText}</WarningAlert>}
        {!trial && <Progress percent={progress} label="学习进度" />}
        {timing.trialEnded && <WarningAlert>{M.trialEnded}</WarningAlert>}
        <section aria-label="讲师介绍" style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
          <Avatar src={teacher.avatar || undefined} name={teacher.name} />
          <div>
            <Title level={5} style={{ margin: 0 }}>
              {teacher.name}
            </Title>
            <Paragraph type="secondary">{teacher.description}</Paragraph>
          </div>
        </section>
        <section aria-label="课程介绍">
          <Title level={5}>课程介绍</Title>
          <Paragraph>{lesson.course_description}</Paragraph>
        </section>
      </div>
      <Suspense fallback={null}>
        {dialog?.kind === 'face' && (
          <FaceCheckDialog
            percent={dialog.percent}
            upload={(photo) => uploadFace(photo, dialog.percent)}
            onTimeout={() => window.location.reload()}
          />
        )}
        {dialog?.kind === 'quiz' && (
          <QuizDialog
            key={dialog.question.qid}
            question={dialog.question}
            submitting={quizState.isLoading}
            onAnswer={(letter) => {
              const details = JSON.stringify([
                { qid: dialog.question.qid, percentage: dialog.question.percentage, answer: letter },
              ]);
              submitQuiz({ course_id: lesson.cid, question_details: details })
                .unwrap()
                .then((result) => dispatch({ type: 'quiz-checked', passed: result.is_pass === 1 }))
                .catch(() => undefined);
            }}
          />
        )}
        {dialog?.kind === 'evaluate' && (
          <EvaluationDialog
            submitting={rating.submitting}
            {...(dialog.voluntary ? { onCancel: () => dispatch({ type: 'rating-cancelled' }) } : {})}
            onSubmit={(grade, comment) => {
              void rating.rate(lesson.cid, grade, comment).then((saved) => {
                if (saved) dispatch({ type: 'rated' });
              });
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
