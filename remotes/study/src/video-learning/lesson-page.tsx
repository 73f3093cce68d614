import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Card } from '@yaoshi/ui/site-card';
import { Progress } from '@yaoshi/ui/site-progress';
import { WarningAlert } from '@yaoshi/ui/site-alert';
import { SiteButton } from '@yaoshi/ui/site-button';
import { Avatar } from '@yaoshi/ui/site-avatar';
import { Paragraph, Title } from '@yaoshi/ui/typography';
import { useNavigate } from '@yaoshi/ui/router';
import type { LessonDetail, ProgressReportResponse, QuizQuestion } from '@yaoshi/contracts/study';
import { STUDY_MESSAGES as M } from '@yaoshi/contracts/study-messages';
import {
  COMPLETE_PROGRESS,
  PROFESSIONAL_REPORT_INTERVAL_SECONDS,
  REPORT_STATE,
  PUBLIC_QUIZ_PERCENTS,
  PUBLIC_REPORT_INTERVAL_SECONDS,
  duePercentOf,
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
  isElsewhereRefusal,
  positionAfterMove,
  studyPlaceAfter,
  type StudyPlace,
  type StudyPlaceEvent,
} from './study-place';

/** A reload (the face check's 60 s rule) continues the same playback session. */
export function recordKey(kind: LessonKind, cid: number): string {
  return `lessonRecord:${kind}:${cid}`;
}

type ReportState = (typeof REPORT_STATE)[keyof typeof REPORT_STATE];

type Dialog =
  | { kind: 'face'; percent: number }
  | { kind: 'quiz'; question: QuizQuestion }
  | { kind: 'evaluate'; voluntary?: boolean }
  | null;

/** One open lesson: its player, its reports to the server, its checks and its dialogs. */
export function Lesson({ kind, lesson }: { kind: LessonKind; lesson: LessonDetail }) {
  const navigate = useNavigate();
  const listPath = kind === 'public' ? '/publicCourse' : '/myCourse';
  const review = lesson.progress.progress >= COMPLETE_PROGRESS;
  const trial = lesson.trial === 1;
  const recordId = lesson.record_id;
  const interval = kind === 'public' ? PUBLIC_REPORT_INTERVAL_SECONDS : PROFESSIONAL_REPORT_INTERVAL_SECONDS;

  const playerRef = useRef<PlayerHandle | null>(null);
  /** The server's verified point: reports start from it, seeking may reach it. */
  const verifiedRef = useRef(trial ? 0 : lesson.progress.learn_time);
  const stoppedRef = useRef(false);
  /** The video has played to its end in this page (the rating follows once the server agrees). */
  const endedRef = useRef(false);
  const finishedRef = useRef(false);
  const retryTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The page has left the lesson: what still waits stays stored for its next load, no more retries here. */
  const leftRef = useRef(false);
  /**
   * A report has completed the course. A periodic report can, in the video's last second
   * (the server counts whole seconds); the server then refuses any later report as already
   * completed, so the end of the video goes straight to the rating.
   */
  const completedRef = useRef(false);
  const dialogOpenRef = useRef(false);
  const startPercent = lesson.duration > 0 ? (lesson.progress.learn_time * 100) / lesson.duration : 0;
  const doneChecks = useRef(new Set(lesson.photo.filter((p) => p <= startPercent)));
  const quizPoints = lesson.quiz_points ?? PUBLIC_QUIZ_PERCENTS;
  const doneQuizzes = useRef(new Set<number>(quizPoints.filter((p) => p <= startPercent)));

  const [progress, setProgress] = useState(lesson.progress.progress);
  const [dialog, setDialog] = useState<Dialog>(null);
  /** Why this page stopped recording for good (a withdrawn enrolment, a session gone), shown until it is left. */
  const [stoppedText, setStoppedText] = useState<string | null>(null);
  dialogOpenRef.current = dialog !== null;
  /** Where the learner's study is recorded (study-place.ts): here, or refused because another place plays. */
  const [place, setPlace] = useState<StudyPlace>('here');
  const placeRef = useRef<StudyPlace>('here');
  const movePlace = useCallback((event: StudyPlaceEvent) => {
    placeRef.current = studyPlaceAfter(placeRef.current, event);
    setPlace(placeRef.current);
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

  const reportContext = useMemo<ReportContext>(
    () => ({
      kind,
      cid: lesson.cid,
      recordId,
      duration: lesson.duration,
      startTime: lesson.progress.learn_time,
      trial,
    }),
    [kind, lesson.cid, recordId, lesson.duration, lesson.progress.learn_time, trial],
  );
  const send = useCallback(
    (position: number, state: ReportState) => {
      const request = reportRequestOf(reportContext, { position, state });
      return request.kind === 'public'
        ? reportPublic(request.payload).unwrap()
        : reportProfessional(request.payload).unwrap();
    },
    [reportContext, reportProfessional, reportPublic],
  );

  const handleRefusal = useCallback(
    (error: unknown) => {
      // The catalogue has shown the server's message for a moment; the page keeps saying why
      // it stopped. Another place playing holds this one paused until 在此继续学习; a
      // withdrawn enrolment, a session gone or an ended trial stop its recording for good.
      const failure = error as { code?: number; message?: string } | undefined;
      if (isElsewhereRefusal(error)) {
        movePlace('refused-elsewhere');
        playerRef.current?.pause();
      } else if (failure?.code === 403 || failure?.code === 404) {
        stoppedRef.current = true;
        setStoppedText(failure.message ?? null);
        playerRef.current?.pause();
      }
    },
    [movePlace],
  );

  /** What happens when the course is complete and its video has ended: the rating, or the next step. */
  const finishRef = useRef<() => void>(() => undefined);

  /**
   * Reports wait in a queue and go out one at a time, in the order they were produced; one
   * that gets no answer (network down, a laptop waking up) is sent again, before any
   * later one, every REPORT_RETRY_MS and when the browser is back online (issue 16 item 18).
   */
  const sendRef = useRef(send);
  sendRef.current = send;
  const reportContextRef = useRef(reportContext);
  reportContextRef.current = reportContext;
  const handleRefusalRef = useRef(handleRefusal);
  handleRefusalRef.current = handleRefusal;
  const [queue] = useState(
    () =>
      new ReportQueue<ProgressReportResponse>(
        (queued: QueuedReport) => sendRef.current(queued.position, queued.state),
        {
          answered: (answer) => {
            verifiedRef.current = Math.max(verifiedRef.current, answer.learn_time);
            if (!trial) setProgress(answer.progress);
            if (!trial && answer.progress >= COMPLETE_PROGRESS) {
              completedRef.current = true;
              if (endedRef.current) finishRef.current();
              return false;
            }
            return true;
          },
          refused: (error) => {
            handleRefusalRef.current(error);
            return !stoppedRef.current;
          },
          changed: (pending) => writeStoredReports(sessionStorage, reportContextRef.current, pending),
          unanswered: () => {
            if (retryTimerRef.current !== null || leftRef.current) return;
            retryTimerRef.current = setTimeout(() => {
              retryTimerRef.current = null;
              void queue.drain();
            }, REPORT_RETRY_MS);
          },
        },
      ),
  );
  useEffect(() => {
    const retryNow = () => void queue.drain();
    window.addEventListener('online', retryNow);
    return () => {
      leftRef.current = true;
      window.removeEventListener('online', retryNow);
      if (retryTimerRef.current !== null) clearTimeout(retryTimerRef.current);
    };
  }, [queue]);

  const report = useCallback(
    /** `start`: playing starts; reported even before the verified point (as that point: no advance). */
    (state: ReportState, start = false) => {
      const player = playerRef.current;
      if (!player || review || recordId <= 0 || stoppedRef.current || completedRef.current) return Promise.resolve();
      // Refused because another place plays: nothing is reported until study moves here.
      if (placeRef.current !== 'here') return Promise.resolve();
      // The video played to its end: that is the lesson's length. A streamed (HLS) lesson's media
      // can stop a fraction of a second short of it (its last segment's frames), which rounded
      // down to 89 of 90 s; the server still allows no more than the wall time since the last report.
      const position =
        state === REPORT_STATE.ended ? Math.max(player.currentTime(), lesson.duration) : player.currentTime();
      // Re-watching before the verified (or already queued) point adds nothing; the server would call it backwards.
      const floor = Math.max(verifiedRef.current, queue.lastQueuedPosition ?? 0);
      if (position < floor && state !== REPORT_STATE.ended && !start) return queue.drain();
      queue.enqueue({ position: Math.max(position, floor), state });
      return queue.drain();
    },
    [review, recordId, queue, lesson.duration],
  );

  // spec 02 §7: every 10 s (professional) or 60 s (public) while playing, the last 30 s included.
  useEffect(() => {
    if (review) return undefined;
    const timer = setInterval(() => {
      const player = playerRef.current;
      if (player && !player.paused()) void report(REPORT_STATE.playing);
    }, interval * 1000);
    return () => clearInterval(timer);
  }, [interval, report, review]);

  useSessionEndOnLeave({ active: !review && recordId > 0, kind, lesson, recordId, playerRef, reportContextRef, queue });

  /** 在此继续学习: the server moves the learner's study to this page's session, from the verified point. */
  const continueHere = useCallback(async () => {
    if (placeRef.current !== 'elsewhere') return;
    movePlace('continue-here');
    const player = playerRef.current;
    try {
      const answer = await sendRef.current(player?.currentTime() ?? 0, REPORT_STATE.takeover);
      verifiedRef.current = Math.max(verifiedRef.current, answer.learn_time);
      if (!trial) setProgress(answer.progress);
      const target = player ? positionAfterMove(player.currentTime(), answer.learn_time) : null;
      if (target !== null) player?.seek(target);
      movePlace('moved');
      player?.play();
    } catch (error) {
      movePlace('move-failed');
      handleRefusal(error);
    }
  }, [movePlace, handleRefusal, trial]);

  const onPlay = useCallback(() => {
    // Refused because another place plays: the video waits for 在此继续学习.
    if (placeRef.current !== 'here') {
      playerRef.current?.pause();
      return;
    }
    // Playing starts (or resumes): reported at once, so a refusal (another place is playing)
    // comes as the learner presses 播放, not a report interval into the lesson; and a
    // learner's killed tab, silent since, is taken over from this moment.
    void report(REPORT_STATE.playing, true);
  }, [report]);

  const trialEnded = useTrialLimit(trial, playerRef);

  const openQuiz = useCallback(
    (percent: number) => {
      doneQuizzes.current.add(percent);
      fetchQuestion({ course_id: lesson.cid, percentage: percent })
        .unwrap()
        .then((question) => setDialog({ kind: 'quiz', question }))
        .catch(() => playerRef.current?.play());
    },
    [fetchQuestion, lesson.cid],
  );

  const dialogsFetchedRef = useRef(false);
  const onTimeUpdate = useCallback(
    (seconds: number) => {
      // Once playing (a paused seek, such as the resume point's, also updates the time): fetch
      // what this lesson's dialogs need, in the background.
      if (!dialogsFetchedRef.current && playerRef.current?.paused() === false) {
        dialogsFetchedRef.current = true;
        const recording = !review && !trial;
        prefetchLessonDialogs({
          faceChecks: recording && lesson.photo.length > 0,
          quizzes: recording && kind === 'public',
          rating: !trial && !lesson.is_grade,
        });
      }
      if (review || trial || dialogOpenRef.current) return;
      const face = duePercentOf(lesson.photo, seconds, lesson.duration, doneChecks.current);
      if (face !== null) {
        playerRef.current?.pause();
        dialogOpenRef.current = true;
        setDialog({ kind: 'face', percent: face });
        return;
      }
      if (kind === 'public') {
        const quiz = duePercentOf(quizPoints, seconds, lesson.duration, doneQuizzes.current);
        if (quiz !== null) {
          playerRef.current?.pause();
          dialogOpenRef.current = true;
          openQuiz(quiz);
        }
      }
    },
    [kind, lesson.duration, lesson.photo, lesson.is_grade, quizPoints, openQuiz, review, trial],
  );

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

  finishRef.current = () => {
    if (finishedRef.current) return;
    finishedRef.current = true;
    sessionStorage.removeItem(recordKey(kind, lesson.cid));
    if (lesson.is_grade) void afterRating();
    else setDialog({ kind: 'evaluate' });
  };

  const onEnded = useCallback(() => {
    if (trial) return;
    // spec 02 §4: an unrated course asks for its rating when it finishes, reviewed or not
    // (a course finished but left unrated would otherwise never be rated).
    if (review) {
      if (!lesson.is_grade) setDialog({ kind: 'evaluate' });
      return;
    }
    endedRef.current = true;
    // The course completes when the server accepts the end; while offline the end report
    // waits in the queue, and the rating opens when it is accepted.
    if (completedRef.current) finishRef.current();
    else void report(REPORT_STATE.ended);
  }, [review, trial, report, lesson.is_grade]);

  const uploadFace = useCallback(
    async (photo: string, percent: number) => {
      try {
        if (kind === 'public') await faceCompare({ avatar: photo, course_id: lesson.cid, percent }).unwrap();
        else await uploadAvatar({ avatar: photo, course_id: lesson.cid, percent }).unwrap();
      } catch {
        return false;
      }
      showMessage(MESSAGE_TEXTS.uploadSuccess);
      doneChecks.current.add(percent);
      setDialog(null);
      playerRef.current?.play();
      return true;
    },
    [kind, faceCompare, uploadAvatar, lesson.cid],
  );

  // What the video itself played from the verified point (not timer ticks: see furthestPlayedFrom).
  const seekLimit = useCallback(
    () => (review ? null : Math.max(verifiedRef.current, playerRef.current?.playedUntil(verifiedRef.current) ?? 0)),
    [review],
  );
  const teacher = lesson.teacher_info;
  // A finished course left unrated is rated from the top of its review page, without replaying it.
  const [rated, setRated] = useState(false);
  const offerRating = review && !trial && !lesson.is_grade && !rated;

  return (
    <Card
      title={lesson.name}
      extra={<LessonStatus review={review} trial={trial} place={place} stopped={stoppedText !== null} />}
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        {offerRating && <RatePrompt onRate={() => setDialog({ kind: 'evaluate', voluntary: true })} />}
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
              <SiteButton variant="primary" loading={place === 'moving'} onClick={() => void continueHere()}>
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
        {trialEnded && <WarningAlert>{M.trialEnded}</WarningAlert>}
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
                .then((result) => {
                  if (result.is_pass !== 1) {
                    showMessage(M.wrongAnswer, { type: 'error' });
                    return;
                  }
                  showMessage(M.quizSubmitted);
                  setDialog(null);
                  playerRef.current?.play();
                })
                .catch(() => undefined);
            }}
          />
        )}
        {dialog?.kind === 'evaluate' && (
          <EvaluationDialog
            submitting={rating.submitting}
            {...(dialog.voluntary ? { onCancel: () => setDialog(null) } : {})}
            onSubmit={(grade, comment) => {
              void rating.rate(lesson.cid, grade, comment).then((saved) => {
                if (!saved) return;
                setDialog(null);
                setRated(true);
                // Rated from the top of the review page: the learner stays where she was.
                if (!dialog.voluntary) void afterRating();
              });
            }}
          />
        )}
      </Suspense>
    </Card>
  );
}
