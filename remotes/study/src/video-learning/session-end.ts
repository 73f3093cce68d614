import { useEffect, type RefObject } from 'react';
import { sendAsPageLeaves } from '@yaoshi/api-client/api';
import type { LessonDetail, ProgressReportResponse } from '@yaoshi/contracts/study';
import { REPORT_STATE } from '@yaoshi/contracts/study-rules';
import { REPORT_ROUTES, useReportProgressMutation, useReportPublicProgressMutation } from './lesson-api';
import type { PlayerHandle } from './lesson-player';
import type { ReportQueue } from './report-queue';
import { reportRequestOf, type LessonKind, type ReportContext } from './stored-reports';

/**
 * A lesson page that goes away ends its playback session, so the reopened page, or another
 * lesson, plays without waiting for the session to lapse (the one-session rule).
 * - A reload or a closed tab (`pagehide`; React does not unmount then) sends state 3 as the
 *   page leaves; reports still waiting stay stored for the next load (stored-reports.ts).
 * - Leaving the lesson within the site (unmount) sends the reports still waiting, so they are
 *   judged while the session is live, and then closes it.
 */
export function useSessionEndOnLeave(options: {
  /** Recording: not a review, and a playback session exists. */
  active: boolean;
  kind: LessonKind;
  lesson: LessonDetail;
  recordId: number;
  playerRef: RefObject<PlayerHandle | null>;
  reportContext: ReportContext;
  queue: ReportQueue<ProgressReportResponse>;
}): void {
  const { active, kind, lesson, recordId, playerRef, reportContext, queue } = options;
  const [reportProfessional] = useReportProgressMutation();
  const [reportPublic] = useReportPublicProgressMutation();

  useEffect(() => {
    if (!active) return undefined;
    const onPageHide = () => {
      const position = Math.min(playerRef.current?.currentTime() ?? 0, lesson.duration);
      const request = reportRequestOf(reportContext, { position, state: REPORT_STATE.closed });
      sendAsPageLeaves({ route: REPORT_ROUTES[request.kind], payload: { ...request.payload } });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [active, lesson.duration, playerRef, reportContext]);

  useEffect(
    () => () => {
      if (!active) return;
      const position = Math.min(playerRef.current?.currentTime() ?? 0, lesson.duration);
      const close = () => {
        if (kind === 'public')
          void reportPublic({ record_id: recordId, duration: position, state: REPORT_STATE.closed })
            .unwrap()
            .catch(() => undefined);
        else
          void reportProfessional({ cid: lesson.cid, record_id: recordId, pos: position, state: REPORT_STATE.closed })
            .unwrap()
            .catch(() => undefined);
      };
      if (queue.size > 0) void queue.drain().finally(close);
      else close();
    },
    // Once, on unmount: the refs and the first render's values (a lesson's kind, course and
    // record do not change while its page is open) are what it needs.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, on unmount, on purpose
    [],
  );
}
